import sys
import math


def cross(ox, oy, ax, ay, bx, by):
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def on_segment(px, py, ax, ay, bx, by):
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def intersect(a, b, c, d):
    d1 = cross(*c, *d, *a)
    d2 = cross(*c, *d, *b)
    d3 = cross(*a, *b, *c)
    d4 = cross(*a, *b, *d)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    if d1 == 0 and on_segment(*a, *c, *d):
        return True
    if d2 == 0 and on_segment(*b, *c, *d):
        return True
    if d3 == 0 and on_segment(*c, *a, *b):
        return True
    if d4 == 0 and on_segment(*d, *a, *b):
        return True
    return False


def point_segment(p, a, b):
    vx = b[0] - a[0]
    vy = b[1] - a[1]
    wx = p[0] - a[0]
    wy = p[1] - a[1]
    l2 = vx * vx + vy * vy
    if l2 == 0:
        return math.hypot(wx, wy)
    t = (wx * vx + wy * vy) / l2
    t = max(0.0, min(1.0, t))
    return math.hypot(wx - t * vx, wy - t * vy)


def main():
    x1, y1, x2, y2 = map(int, sys.stdin.readline().split())
    x3, y3, x4, y4 = map(int, sys.stdin.readline().split())
    a, b, c, d = (x1, y1), (x2, y2), (x3, y3), (x4, y4)
    if intersect(a, b, c, d):
        ans = 0.0
    else:
        ans = min(point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b), point_segment(d, a, b))
    print("{:.10f}".format(ans))


main()

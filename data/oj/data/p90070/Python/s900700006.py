import sys
import math


def clamp(t):
    if t < 0.0:
        return 0.0
    if t > 1.0:
        return 1.0
    return t


def point_seg(px, py, ax, ay, bx, by):
    dx = bx - ax
    dy = by - ay
    l2 = dx * dx + dy * dy
    if l2 == 0:
        return math.hypot(px - ax, py - ay)
    t = clamp(((px - ax) * dx + (py - ay) * dy) / l2)
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def main():
    vals = list(map(int, sys.stdin.read().split()))
    ax, ay, bx, by, cx, cy, ex, ey = vals
    ux, uy = bx - ax, by - ay
    vx, vy = ex - cx, ey - cy
    wx, wy = ax - cx, ay - cy
    a = ux * ux + uy * uy
    b = ux * vx + uy * vy
    c = vx * vx + vy * vy
    d = ux * wx + uy * wy
    e = vx * wx + vy * wy
    det = a * c - b * b
    best = min(
        point_seg(ax, ay, cx, cy, ex, ey),
        point_seg(bx, by, cx, cy, ex, ey),
        point_seg(cx, cy, ax, ay, bx, by),
        point_seg(ex, ey, ax, ay, bx, by),
    )
    if det != 0:
        s_num = b * e - c * d
        t_num = a * e - b * d
        if 0 <= s_num * (1 if det > 0 else -1) <= abs(det) and 0 <= t_num * (1 if det > 0 else -1) <= abs(det):
            s = s_num / det
            t = t_num / det
            px = ax + s * ux - (cx + t * vx)
            py = ay + s * uy - (cy + t * vy)
            best = min(best, math.hypot(px, py))
    print("%.10f" % best)


main()

import sys
import math

ITERATIONS = 40


def dist_to_segment(px, py, ax, ay, bx, by):
    vx = bx - ax
    vy = by - ay
    l2 = vx * vx + vy * vy
    if l2 == 0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * vx + (py - ay) * vy) / l2
    if t < 0:
        t = 0.0
    elif t > 1:
        t = 1.0
    return math.hypot(px - (ax + t * vx), py - (ay + t * vy))


def main():
    x1, y1, x2, y2 = map(int, sys.stdin.readline().split())
    x3, y3, x4, y4 = map(int, sys.stdin.readline().split())

    def f(t):
        px = x1 + (x2 - x1) * t
        py = y1 + (y2 - y1) * t
        return dist_to_segment(px, py, x3, y3, x4, y4)

    lo = 0.0
    hi = 1.0
    for _ in range(ITERATIONS):
        m1 = lo + (hi - lo) / 3
        m2 = hi - (hi - lo) / 3
        if f(m1) < f(m2):
            hi = m2
        else:
            lo = m1
    ans = min(f(lo), f(hi), f(0.0), f(1.0))
    print("%.10f" % ans)


main()

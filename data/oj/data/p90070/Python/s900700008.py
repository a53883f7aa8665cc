import sys
from fractions import Fraction
from math import sqrt


def read_points():
    nums = [int(x) for x in sys.stdin.read().split()]
    return [(nums[0], nums[1]), (nums[2], nums[3]), (nums[4], nums[5]), (nums[6], nums[7])]


def sign(v):
    return (v > 0) - (v < 0)


def orient(a, b, c):
    return sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))


def inside_box(p, a, b):
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def share_point(a, b, c, d):
    o1 = orient(a, b, c)
    o2 = orient(a, b, d)
    o3 = orient(c, d, a)
    o4 = orient(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    checks = [(o1, c, a, b), (o2, d, a, b), (o3, a, c, d), (o4, b, c, d)]
    for o, p, s, e in checks:
        if o == 0 and inside_box(p, s, e):
            return True
    return False


def squared_distance(p, a, b):
    dx = b[0] - a[0]
    dy = b[1] - a[1]
    den = dx * dx + dy * dy
    if den == 0:
        return Fraction((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
    t = Fraction((p[0] - a[0]) * dx + (p[1] - a[1]) * dy, den)
    if t < 0:
        t = Fraction(0)
    if t > 1:
        t = Fraction(1)
    ex = a[0] + t * dx - p[0]
    ey = a[1] + t * dy - p[1]
    return ex * ex + ey * ey


def main():
    a, b, c, d = read_points()
    if share_point(a, b, c, d):
        print("0")
        return
    best = min(squared_distance(a, c, d), squared_distance(b, c, d), squared_distance(c, a, b), squared_distance(d, a, b))
    print("{:.9f}".format(sqrt(best)))


main()

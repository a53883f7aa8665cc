import sys


def cross(a, b):
    return (a.conjugate() * b).imag


def dot(a, b):
    return (a.conjugate() * b).real


def ccw(a, b, c):
    v = cross(b - a, c - a)
    if v > 0:
        return 1
    if v < 0:
        return -1
    if dot(b - a, c - a) < 0:
        return 2
    if abs(b - a) < abs(c - a):
        return -2
    return 0


def segments_touch(a, b, c, d):
    return ccw(a, b, c) * ccw(a, b, d) <= 0 and ccw(c, d, a) * ccw(c, d, b) <= 0


def dist_point_segment(p, a, b):
    if a == b:
        return abs(p - a)
    if dot(b - a, p - a) <= 0:
        return abs(p - a)
    if dot(a - b, p - b) <= 0:
        return abs(p - b)
    return abs(cross(b - a, p - a)) / abs(b - a)


def main():
    v = list(map(int, sys.stdin.read().split()))
    p0 = complex(v[0], v[1])
    p1 = complex(v[2], v[3])
    p2 = complex(v[4], v[5])
    p3 = complex(v[6], v[7])
    if p0 != p1 and p2 != p3 and segments_touch(p0, p1, p2, p3):
        print(0.0)
        return
    best = min(
        dist_point_segment(p0, p2, p3),
        dist_point_segment(p1, p2, p3),
        dist_point_segment(p2, p0, p1),
        dist_point_segment(p3, p0, p1),
    )
    print("%.12f" % best)


main()

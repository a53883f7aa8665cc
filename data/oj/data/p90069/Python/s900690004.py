import sys
import math


class Point:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __sub__(self, other):
        return Point(self.x - other.x, self.y - other.y)

    def cross(self, other):
        return self.x * other.y - self.y * other.x

    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)

    def __repr__(self):
        return "(%d, %d)" % (self.x, self.y)

    def lattice_steps(self):
        return math.gcd(abs(self.x), abs(self.y))


def read_polygon():
    n = int(sys.stdin.readline())
    poly = []
    for _ in range(n):
        x, y = map(int, sys.stdin.readline().split())
        poly.append(Point(x, y))
    return poly


def doubled_area(poly):
    origin = poly[0]
    total = 0
    for i in range(1, len(poly) - 1):
        total += (poly[i] - origin).cross(poly[i + 1] - origin)
    return abs(total)


def boundary_points(poly):
    n = len(poly)
    return sum((poly[(i + 1) % n] - poly[i]).lattice_steps() for i in range(n))


def pick_interior(a2, b):
    return (a2 - b + 2) // 2


def solve(poly):
    a2 = doubled_area(poly)
    b = boundary_points(poly)
    return b, pick_interior(a2, b)


def main():
    poly = read_polygon()
    b, i = solve(poly)
    print(b, i)


main()

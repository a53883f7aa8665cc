import sys
from math import gcd


class FastInput:
    def __init__(self):
        self.tokens = sys.stdin.buffer.read().split()
        self.index = 0

    def int(self):
        value = int(self.tokens[self.index])
        self.index += 1
        return value

    def ints(self, count):
        res = [int(t) for t in self.tokens[self.index:self.index + count]]
        self.index += count
        return res


class Vector:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vector(self.x - other.x, self.y - other.y)

    def __eq__(self, other):
        return self.x == other.x and self.y == other.y

    def __hash__(self):
        return hash((self.x, self.y))

    def cross(self, other):
        return self.x * other.y - self.y * other.x

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __repr__(self):
        return "Vector(%d, %d)" % (self.x, self.y)


class Polygon:
    def __init__(self, vertices):
        self.vertices = vertices
        self.n = len(vertices)

    def edges(self):
        for i in range(self.n):
            yield self.vertices[i], self.vertices[(i + 1) % self.n]

    def signed_double_area(self):
        total = 0
        for a, b in self.edges():
            total += a.cross(b)
        return total

    def double_area(self):
        return abs(self.signed_double_area())

    def is_counterclockwise(self):
        return self.signed_double_area() > 0

    def boundary_lattice_points(self):
        total = 0
        for a, b in self.edges():
            d = b - a
            total += gcd(abs(d.x), abs(d.y))
        return total

    def interior_lattice_points(self):
        a2 = self.double_area()
        b = self.boundary_lattice_points()
        return (a2 - b + 2) // 2

    def contains_vertex(self, p):
        for v in self.vertices:
            if v == p:
                return True
        return False

    def bounding_box(self):
        xs = [v.x for v in self.vertices]
        ys = [v.y for v in self.vertices]
        return min(xs), min(ys), max(xs), max(ys)

    def perimeter_squared_terms(self):
        return [(b - a).norm2() for a, b in self.edges()]


def convex_hull(points):
    pts = sorted(set((p.x, p.y) for p in points))
    if len(pts) <= 2:
        return [Vector(x, y) for x, y in pts]

    def turn(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower = []
    for p in pts:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper = []
    for p in reversed(pts):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    return [Vector(x, y) for x, y in hull]


def on_segment(p, a, b):
    if (b - a).cross(p - a) != 0:
        return False
    return min(a.x, b.x) <= p.x <= max(a.x, b.x) and min(a.y, b.y) <= p.y <= max(a.y, b.y)


def segments_intersect(a, b, c, d):
    d1 = (b - a).cross(c - a)
    d2 = (b - a).cross(d - a)
    d3 = (d - c).cross(a - c)
    d4 = (d - c).cross(b - c)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return on_segment(c, a, b) or on_segment(d, a, b) or on_segment(a, c, d) or on_segment(b, c, d)


def debug(*args):
    sys.stderr.write(" ".join(str(a) for a in args) + "\n")


def main():
    reader = FastInput()
    n = reader.int()
    coords = reader.ints(2 * n)
    vertices = [Vector(coords[2 * i], coords[2 * i + 1]) for i in range(n)]
    poly = Polygon(vertices)
    b = poly.boundary_lattice_points()
    i = poly.interior_lattice_points()
    sys.stdout.write("%d %d\n" % (b, i))


if __name__ == "__main__":
    main()

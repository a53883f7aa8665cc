import sys
import math

EPS = 0


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __eq__(self, o):
        return self.x == o.x and self.y == o.y

    def dot(self, o):
        return self.x * o.x + self.y * o.y

    def cross(self, o):
        return self.x * o.y - self.y * o.x

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def length(self):
        return math.sqrt(self.norm2())

    def __repr__(self):
        return "Vec(%s, %s)" % (self.x, self.y)


class Segment:
    def __init__(self, p, q):
        self.p = p
        self.q = q

    def direction(self):
        return self.q - self.p

    def is_point(self):
        return self.p == self.q

    def orientation(self, r):
        v = self.direction().cross(r - self.p)
        if v > EPS:
            return 1
        if v < -EPS:
            return -1
        return 0

    def contains(self, r):
        if self.orientation(r) != 0:
            return False
        return (min(self.p.x, self.q.x) <= r.x <= max(self.p.x, self.q.x)
                and min(self.p.y, self.q.y) <= r.y <= max(self.p.y, self.q.y))

    def intersects(self, other):
        o1 = self.orientation(other.p)
        o2 = self.orientation(other.q)
        o3 = other.orientation(self.p)
        o4 = other.orientation(self.q)
        if o1 == 0 and o2 == 0:
            if self.contains(other.p) or self.contains(other.q):
                return True
            if other.contains(self.p) or other.contains(self.q):
                return True
            return False
        return o1 * o2 <= 0 and o3 * o4 <= 0

    def distance_to_point(self, r):
        d = self.direction()
        l2 = d.norm2()
        if l2 == 0:
            return (r - self.p).length()
        t = (r - self.p).dot(d) / l2
        if t <= 0:
            return (r - self.p).length()
        if t >= 1:
            return (r - self.q).length()
        proj = Vec(self.p.x + d.x * t, self.p.y + d.y * t)
        return (r - proj).length()

    def distance(self, other):
        if self.intersects(other):
            return 0.0
        return min(
            self.distance_to_point(other.p),
            self.distance_to_point(other.q),
            other.distance_to_point(self.p),
            other.distance_to_point(self.q),
        )

    def length(self):
        return self.direction().length()

    def midpoint(self):
        return Vec((self.p.x + self.q.x) / 2, (self.p.y + self.q.y) / 2)


def parse_segment(line):
    a, b, c, d = map(int, line.split())
    return Segment(Vec(a, b), Vec(c, d))


def debug(*args):
    print(*args, file=sys.stderr)


def main():
    s1 = parse_segment(sys.stdin.readline())
    s2 = parse_segment(sys.stdin.readline())
    ans = s1.distance(s2)
    sys.stdout.write("%.10f\n" % ans)


if __name__ == "__main__":
    main()

import sys
import math


class Reader:
    def __init__(self):
        self.lines = sys.stdin.read().splitlines()
        self.idx = 0

    def line(self):
        s = self.lines[self.idx]
        self.idx += 1
        return s

    def ints(self):
        return list(map(int, self.line().split()))

    def floats(self):
        return list(map(float, self.line().split()))


class Shape:
    def __init__(self, xs, ys):
        self.xs = xs
        self.ys = ys
        self.n = len(xs)

    def area(self):
        total = 0.0
        for i in range(self.n):
            j = (i + 1) % self.n
            total += self.xs[i] * self.ys[j] - self.xs[j] * self.ys[i]
        return abs(total) / 2.0

    def boundary(self):
        count = 0
        for i in range(self.n):
            j = (i + 1) % self.n
            count += math.gcd(int(self.xs[j] - self.xs[i]), int(self.ys[j] - self.ys[i]))
        return count

    def perimeter(self):
        total = 0.0
        for i in range(self.n):
            j = (i + 1) % self.n
            total += math.hypot(self.xs[j] - self.xs[i], self.ys[j] - self.ys[i])
        return total

    def centroid(self):
        a = 0.0
        cx = 0.0
        cy = 0.0
        for i in range(self.n):
            j = (i + 1) % self.n
            cr = self.xs[i] * self.ys[j] - self.xs[j] * self.ys[i]
            a += cr
            cx += (self.xs[i] + self.xs[j]) * cr
            cy += (self.ys[i] + self.ys[j]) * cr
        a /= 2.0
        return cx / (6.0 * a), cy / (6.0 * a)

    def interior(self):
        return round(self.area() - self.boundary() / 2.0 + 1.0)


def main():
    reader = Reader()
    n = reader.ints()[0]
    xs = [0.0] * n
    ys = [0.0] * n
    for i in range(n):
        x, y = reader.floats()
        xs[i] = x
        ys[i] = y
    shape = Shape(xs, ys)
    print(shape.boundary(), shape.interior())


main()

import sys
from math import sqrt


class DSU:
    def __init__(self, n):
        self.p = [-1] * n

    def leader(self, x):
        while self.p[x] >= 0:
            if self.p[self.p[x]] >= 0:
                self.p[x] = self.p[self.p[x]]
            x = self.p[x]
        return x

    def merge(self, a, b):
        a = self.leader(a)
        b = self.leader(b)
        if a == b:
            return False
        if self.p[a] > self.p[b]:
            a, b = b, a
        self.p[a] += self.p[b]
        self.p[b] = a
        return True


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    pts = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
    base = 2 + 2 * n
    dsu = DSU(n)
    comps = n - m
    for i in range(m):
        u = int(data[base + 2 * i]) - 1
        v = int(data[base + 2 * i + 1]) - 1
        dsu.merge(u, v)

    edges = []
    for i in range(n):
        xi, yi = pts[i]
        for j in range(i + 1, n):
            dx = xi - pts[j][0]
            dy = yi - pts[j][1]
            edges.append((dx * dx + dy * dy, i, j))
    edges.sort()

    total = 0.0
    for d2, i, j in edges:
        if comps == 1:
            break
        if dsu.merge(i, j):
            total += sqrt(d2)
            comps -= 1
    print("{:.10f}".format(total))


main()

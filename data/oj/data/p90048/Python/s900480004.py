import sys


class ParityUnionFind:
    def __init__(self, n):
        self.par = list(range(n))
        self.diff = [0] * n
        self.size = [1] * n

    def find(self, x):
        path = []
        while self.par[x] != x:
            path.append(x)
            x = self.par[x]
        root = x
        acc = 0
        for y in reversed(path):
            acc ^= self.diff[y]
            self.diff[y] = acc
            self.par[y] = root
        return root

    def parity(self, x):
        self.find(x)
        return self.diff[x]

    def unite(self, a, b):
        ra = self.find(a)
        rb = self.find(b)
        pa = self.diff[a]
        pb = self.diff[b]
        if ra == rb:
            return pa != pb
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
            pa, pb = pb, pa
        self.par[rb] = ra
        self.diff[rb] = pa ^ pb ^ 1
        self.size[ra] += self.size[rb]
        return True


def main():
    n, m = map(int, sys.stdin.readline().split())
    uf = ParityUnionFind(n + 1)
    ok = True
    for _ in range(m):
        a, b = map(int, sys.stdin.readline().split())
        if not uf.unite(a, b):
            ok = False
    if not ok:
        print(-1)
        return
    count = {}
    for v in range(1, n + 1):
        r = uf.find(v)
        if r not in count:
            count[r] = [0, 0]
        count[r][uf.diff[v]] += 1
    print(sum(max(c) for c in count.values()))


main()

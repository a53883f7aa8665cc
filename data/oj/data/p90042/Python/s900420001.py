import sys


class UnionFind:
    def __init__(self, n):
        self.parent = list(range(n))
        self.size = [1] * n
        self.groups = n
        self.largest = 1

    def find(self, x):
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[x] != root:
            nxt = self.parent[x]
            self.parent[x] = root
            x = nxt
        return root

    def union(self, a, b):
        if a == b:
            return False
        ra = self.find(a)
        rb = self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.groups -= 1
        if self.size[ra] > self.largest:
            self.largest = self.size[ra]
        return True

    def same(self, a, b):
        return self.find(a) == self.find(b)

    def group_size(self, a):
        return self.size[self.find(a)]


def main():
    input = sys.stdin.readline
    n, q = map(int, input().split())
    uf = UnionFind(n)
    out = []
    for _ in range(q):
        t, *args = map(int, input().split())
        if t == 1:
            uf.union(args[0] - 1, args[1] - 1)
        elif t == 2:
            out.append("Yes" if uf.same(args[0] - 1, args[1] - 1) else "No")
        elif t == 3:
            out.append(str(uf.group_size(args[0] - 1)))
        else:
            out.append("%d %d" % (uf.groups, uf.largest))
    print("\n".join(out))


if __name__ == "__main__":
    main()

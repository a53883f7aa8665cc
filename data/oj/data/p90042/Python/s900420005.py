import sys
from collections import defaultdict


class UnionFind():
    def __init__(self, n):
        self.n = n
        self.parents = [-1] * n

    def find(self, x):
        if self.parents[x] < 0:
            return x
        else:
            stack = []
            while self.parents[x] >= 0:
                stack.append(x)
                x = self.parents[x]
            for y in stack:
                self.parents[y] = x
            return x

    def union(self, x, y):
        x = self.find(x)
        y = self.find(y)

        if x == y:
            return

        if self.parents[x] > self.parents[y]:
            x, y = y, x

        self.parents[x] += self.parents[y]
        self.parents[y] = x

    def size(self, x):
        return -self.parents[self.find(x)]

    def same(self, x, y):
        return self.find(x) == self.find(y)

    def members(self, x):
        root = self.find(x)
        return [i for i in range(self.n) if self.find(i) == root]

    def roots(self):
        return [i for i, x in enumerate(self.parents) if x < 0]

    def group_count(self):
        return len(self.roots())

    def max_group_size(self):
        return max(-x for x in self.parents if x < 0)

    def all_group_members(self):
        group_members = defaultdict(list)
        for member in range(self.n):
            group_members[self.find(member)].append(member)
        return group_members

    def __str__(self):
        return '\n'.join(f'{r}: {m}' for r, m in self.all_group_members().items())


def input():
    return sys.stdin.readline().rstrip()


def I():
    return int(input())


def MI():
    return map(int, input().split())


def LI():
    return list(map(int, input().split()))


def main():
    N, Q = MI()
    uf = UnionFind(N)
    ans = []
    for _ in range(Q):
        q = LI()
        if q[0] == 1:
            uf.union(q[1] - 1, q[2] - 1)
        elif q[0] == 2:
            if uf.same(q[1] - 1, q[2] - 1):
                ans.append('Yes')
            else:
                ans.append('No')
        elif q[0] == 3:
            ans.append(uf.size(q[1] - 1))
        else:
            ans.append(f'{uf.group_count()} {uf.max_group_size()}')
    print(*ans, sep='\n')


if __name__ == '__main__':
    main()

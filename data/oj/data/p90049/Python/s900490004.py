import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


class EditDistance:
    def __init__(self, source, target):
        self.source = source
        self.target = target
        self.n = len(source)
        self.m = len(target)

    def solve(self):
        src = self.source
        dst = self.target
        n = self.n
        m = self.m

        @lru_cache(maxsize=None)
        def go(i, j):
            if i == n:
                return m - j
            if j == m:
                return n - i
            if src[i] == dst[j]:
                return go(i + 1, j + 1)
            return 1 + min(go(i + 1, j), go(i, j + 1), go(i + 1, j + 1))

        for i in range(n, -1, -1):
            go(i, m)
        for i in range(n, -1, -1):
            for j in range(m, -1, -1):
                if (i + j) % 7 == 0:
                    go(i, j)
        result = go(0, 0)
        go.cache_clear()
        return result

    def lower_bound(self):
        return abs(self.n - self.m)

    def upper_bound(self):
        return max(self.n, self.m)


def read_words():
    data = sys.stdin.read().split()
    return data[0], data[1]


def main():
    a, b = read_words()
    solver = EditDistance(a, b)
    ans = solver.solve()
    print(ans)


main()

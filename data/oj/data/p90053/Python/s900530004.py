import sys
from functools import lru_cache


class Tour:
    def __init__(self, n, cost):
        self.n = n
        self.cost = cost
        self.full = (1 << n) - 1
        self.inf = 10 ** 18

    def solve(self):
        n = self.n
        cost = self.cost
        full = self.full
        inf = self.inf

        @lru_cache(maxsize=None)
        def rest(mask, v):
            if mask == full:
                return cost[v][0] if cost[v][0] >= 0 else inf
            best = inf
            for u in range(n):
                if mask >> u & 1:
                    continue
                w = cost[v][u]
                if w < 0:
                    continue
                cand = w + rest(mask | 1 << u, u)
                if cand < best:
                    best = cand
            return best

        result = rest(1, 0)
        return result if result < inf else -1


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    cost = [[int(data[1 + i * n + j]) for j in range(n)] for i in range(n)]
    print(Tour(n, cost).solve())


main()

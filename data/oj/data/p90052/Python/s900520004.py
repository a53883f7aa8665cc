import sys


class KnuthMerger:
    def __init__(self, piles):
        self.piles = piles
        self.n = len(piles)
        self.prefix = [0] * (self.n + 1)
        for i, v in enumerate(piles):
            self.prefix[i + 1] = self.prefix[i] + v

    def segment(self, i, j):
        return self.prefix[j + 1] - self.prefix[i]

    def solve(self):
        n = self.n
        if n <= 1:
            return 0
        dp = [[0] * n for _ in range(n)]
        opt = [[0] * n for _ in range(n)]
        for i in range(n):
            opt[i][i] = i
        for length in range(2, n + 1):
            for i in range(n - length + 1):
                j = i + length - 1
                lo = opt[i][j - 1]
                hi = opt[i + 1][j]
                if hi > j - 1:
                    hi = j - 1
                best = None
                best_k = lo
                for k in range(lo, hi + 1):
                    c = dp[i][k] + dp[k + 1][j]
                    if best is None or c < best:
                        best = c
                        best_k = k
                dp[i][j] = best + self.segment(i, j)
                opt[i][j] = best_k
        return dp[0][n - 1]


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    piles = [int(x) for x in data[1:n + 1]]
    print(KnuthMerger(piles).solve())


main()

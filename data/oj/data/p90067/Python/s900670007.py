import sys
from functools import lru_cache

sys.setrecursionlimit(10000)
MOD = 10 ** 9 + 7


def read_input():
    tokens = sys.stdin.readline().split()
    while len(tokens) < 5:
        tokens += sys.stdin.readline().split()
    return [int(t) for t in tokens[:5]]


class LucasSequence:
    def __init__(self, P, Q):
        self.P = P % MOD
        self.Q = Q % MOD

    def pair(self, n):
        P = self.P
        Q = self.Q

        @lru_cache(maxsize=None)
        def rec(m):
            if m == 0:
                return (0, 1)
            u, v = rec(m // 2)
            even = u * (2 * v - P * u) % MOD
            odd = (v * v + Q * u * u) % MOD
            if m % 2 == 0:
                return (even, odd)
            return (odd, (P * odd + Q * even) % MOD)

        return rec(n)


def solve(A, B, P, Q, N):
    seq = LucasSequence(P, Q)
    u, v = seq.pair(N)
    return (B * u + A * (v - P * u)) % MOD


def main():
    A, B, P, Q, N = read_input()
    print(solve(A, B, P, Q, N))


if __name__ == "__main__":
    main()

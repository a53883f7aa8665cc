import sys
import math
from collections import defaultdict, deque, Counter
from itertools import accumulate, permutations, combinations
from bisect import bisect_left, bisect_right

sys.setrecursionlimit(10 ** 7)
INF = float("inf")


def I():
    return int(sys.stdin.readline())


def MI():
    return map(int, sys.stdin.readline().split())


def LI():
    return list(map(int, sys.stdin.readline().split()))


def S():
    return sys.stdin.readline().rstrip()


def yes_no(flag):
    print("Yes" if flag else "No")


class Comb:
    def __init__(self, n, mod):
        self.n = n
        self.mod = mod
        self.fact = [1] * (n + 1)
        for i in range(1, n + 1):
            self.fact[i] = self.fact[i - 1] * i % mod
        self.inv = [1] * (n + 1)
        for i in range(n + 1):
            self.inv[i] = pow(self.fact[i], mod - 2, mod)

    def nCr(self, n, r):
        if r < 0 or r > n:
            return 0
        return self.fact[n] * self.inv[r] % self.mod * self.inv[n - r] % self.mod

    def nPr(self, n, r):
        if r < 0 or r > n:
            return 0
        return self.fact[n] * self.inv[n - r] % self.mod

    def nHr(self, n, r):
        if n == 0 and r == 0:
            return 1
        return self.nCr(n + r - 1, r)


def main():
    q, p = MI()
    comb = Comb(500, p)
    ans = []
    for _ in range(q):
        n, k = MI()
        ans.append(comb.nCr(n, k))
    print(*ans, sep="\n")


main()

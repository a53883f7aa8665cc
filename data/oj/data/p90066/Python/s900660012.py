import sys
import math
import bisect
import heapq
from collections import defaultdict, deque, Counter

sys.setrecursionlimit(10 ** 7)
INF = float("inf")
MOD = 10 ** 9 + 7


def I():
    return int(sys.stdin.readline())


def MI():
    return map(int, sys.stdin.readline().split())


def LI():
    return list(map(int, sys.stdin.readline().split()))


def LLI(rows):
    return [LI() for _ in range(rows)]


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def lcm(a, b):
    return a // gcd(a, b) * b


def primes_upto(n):
    if n < 2:
        return []
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
    return [i for i in range(n + 1) if is_p[i]]


def divisors(n):
    small = []
    large = []
    i = 1
    while i * i <= n:
        if n % i == 0:
            small.append(i)
            if i != n // i:
                large.append(n // i)
        i += 1
    return small + large[::-1]


class UnionFind:
    def __init__(self, n):
        self.parent = [-1] * n

    def find(self, x):
        root = x
        while self.parent[root] >= 0:
            root = self.parent[root]
        while self.parent[x] >= 0:
            nxt = self.parent[x]
            self.parent[x] = root
            x = nxt
        return root

    def union(self, a, b):
        a = self.find(a)
        b = self.find(b)
        if a == b:
            return False
        if self.parent[a] > self.parent[b]:
            a, b = b, a
        self.parent[a] += self.parent[b]
        self.parent[b] = a
        return True

    def size(self, x):
        return -self.parent[self.find(x)]


class BinaryIndexedTree:
    def __init__(self, n):
        self.n = n
        self.data = [0] * (n + 1)

    def add(self, i, x):
        i += 1
        while i <= self.n:
            self.data[i] += x
            i += i & -i

    def sum(self, i):
        s = 0
        while i > 0:
            s += self.data[i]
            i -= i & -i
        return s

    def range_sum(self, l, r):
        return self.sum(r) - self.sum(l)


def binary_search(ok, ng, predicate):
    while abs(ok - ng) > 1:
        mid = (ok + ng) // 2
        if predicate(mid):
            ok = mid
        else:
            ng = mid
    return ok


def run_length(seq):
    res = []
    for x in seq:
        if res and res[-1][0] == x:
            res[-1][1] += 1
        else:
            res.append([x, 1])
    return res


class DivisorSummatory:
    def __init__(self):
        self.cache = {}

    @staticmethod
    def triangular(m):
        return m * (m + 1) // 2

    def value(self, n):
        if n <= 0:
            return 0
        if n in self.cache:
            return self.cache[n]
        s = math.isqrt(n)
        first = 0
        for d in range(1, s + 1):
            first += d * (n // d)
        second = 0
        for k in range(1, s + 1):
            second += self.triangular(n // k)
        result = first + second - s * self.triangular(s)
        self.cache[n] = result
        return result

    def range_value(self, lo, hi):
        return self.value(hi) - self.value(lo - 1)


def brute_sigma(x):
    return sum(divisors(x))


def debug_print(*args):
    sys.stderr.write(" ".join(map(str, args)) + "\n")


def solve():
    q = I()
    ds = DivisorSummatory()
    res = []
    for _ in range(q):
        l, r = MI()
        res.append(ds.range_value(l, r))
    print(*res, sep="\n")


def main():
    solve()


if __name__ == "__main__":
    main()

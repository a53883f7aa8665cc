import sys
import math
from bisect import bisect_left, bisect_right
from collections import defaultdict, deque, Counter
from heapq import heappush, heappop
from itertools import accumulate, permutations, combinations

sys.setrecursionlimit(10 ** 6)
INF = float("inf")
MOD = 998244353


def II():
    return int(sys.stdin.readline())


def MI():
    return map(int, sys.stdin.readline().split())


def LI():
    return list(map(int, sys.stdin.readline().split()))


def LS():
    return sys.stdin.readline().split()


def YesNo(flag):
    print("Yes" if flag else "No")


def chmin(a, b):
    return b if b < a else a


def chmax(a, b):
    return b if b > a else a


def lcm(a, b):
    return a // math.gcd(a, b) * b


def modpow(base, exp, mod=MOD):
    result = 1
    base %= mod
    while exp > 0:
        if exp & 1:
            result = result * base % mod
        base = base * base % mod
        exp >>= 1
    return result


def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = False
    if limit >= 1:
        is_prime[1] = False
    for i in range(2, int(limit ** 0.5) + 1):
        if is_prime[i]:
            for j in range(i * i, limit + 1, i):
                is_prime[j] = False
    return [i for i in range(limit + 1) if is_prime[i]]


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

    def same(self, a, b):
        return self.find(a) == self.find(b)

    def size(self, a):
        return -self.parent[self.find(a)]


def run_length(seq):
    res = []
    for x in seq:
        if res and res[-1][0] == x:
            res[-1][1] += 1
        else:
            res.append([x, 1])
    return res


def meguru(ok, ng, pred):
    while abs(ok - ng) > 1:
        mid = (ok + ng) // 2
        if pred(mid):
            ok = mid
        else:
            ng = mid
    return ok


def count_le(sorted_list, x):
    return bisect_right(sorted_list, x)


def count_lt(sorted_list, x):
    return bisect_left(sorted_list, x)


def main():
    n, s = MI()
    a = LI()
    pre = list(accumulate(a, initial=0))
    ans = 0
    for l in range(n):
        ans += count_le(pre, pre[l] + s) - l - 1
    print(ans)


if __name__ == "__main__":
    main()

import sys
from collections import Counter, defaultdict, deque
from bisect import bisect_left, bisect_right
from heapq import heappush, heappop

sys.setrecursionlimit(10 ** 6)
INF = 10 ** 18
MOD = 998244353


def input():
    return sys.stdin.readline().rstrip()


def ii():
    return int(input())


def li():
    return list(map(int, input().split()))


def linear_sieve(n):
    mu = [0] * (n + 1)
    mu[1] = 1
    is_comp = [False] * (n + 1)
    primes = []
    for i in range(2, n + 1):
        if not is_comp[i]:
            primes.append(i)
            mu[i] = -1
        for p in primes:
            ip = i * p
            if ip > n:
                break
            is_comp[ip] = True
            if i % p == 0:
                mu[ip] = 0
                break
            mu[ip] = -mu[i]
    return primes, mu


def comb2(x):
    return x * (x - 1) // 2


def modpow(a, e, m=MOD):
    r = 1
    a %= m
    while e:
        if e & 1:
            r = r * a % m
        a = a * a % m
        e >>= 1
    return r


class BIT:
    def __init__(self, n):
        self.n = n
        self.t = [0] * (n + 1)

    def add(self, i, x):
        i += 1
        while i <= self.n:
            self.t[i] += x
            i += i & -i

    def sum(self, i):
        s = 0
        while i > 0:
            s += self.t[i]
            i -= i & -i
        return s


class UnionFind:
    def __init__(self, n):
        self.par = [-1] * n

    def find(self, x):
        while self.par[x] >= 0:
            if self.par[self.par[x]] >= 0:
                self.par[x] = self.par[self.par[x]]
            x = self.par[x]
        return x

    def unite(self, x, y):
        x = self.find(x)
        y = self.find(y)
        if x == y:
            return False
        if self.par[x] > self.par[y]:
            x, y = y, x
        self.par[x] += self.par[y]
        self.par[y] = x
        return True

    def same(self, x, y):
        return self.find(x) == self.find(y)

    def size(self, x):
        return -self.par[self.find(x)]


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


class Combination:
    def __init__(self, n, mod=MOD):
        self.mod = mod
        self.fact = [1] * (n + 1)
        for i in range(1, n + 1):
            self.fact[i] = self.fact[i - 1] * i % mod
        self.inv = [1] * (n + 1)
        self.inv[n] = pow(self.fact[n], mod - 2, mod)
        for i in range(n, 0, -1):
            self.inv[i - 1] = self.inv[i] * i % mod

    def __call__(self, n, r):
        if r < 0 or r > n:
            return 0
        return self.fact[n] * self.inv[r] % self.mod * self.inv[n - r] % self.mod


def prefix_sums(arr):
    res = [0]
    for x in arr:
        res.append(res[-1] + x)
    return res


def divisor_count_table(freq, m):
    cnt = [0] * (m + 1)
    for d in range(1, m + 1):
        c = 0
        for k in range(d, m + 1, d):
            c += freq[k]
        cnt[d] = c
    return cnt


def solve():
    n = ii()
    a = li()
    m = max(a)
    primes, mu = linear_sieve(m)
    c = Counter(a)
    freq = [0] * (m + 1)
    for v, k in c.items():
        freq[v] = k
    cnt = divisor_count_table(freq, m)
    ans = 0
    for d in range(1, m + 1):
        if mu[d]:
            ans += mu[d] * comb2(cnt[d])
    print(ans)


solve()

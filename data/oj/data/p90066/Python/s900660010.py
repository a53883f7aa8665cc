import sys
from functools import lru_cache

readline = sys.stdin.readline


def read_int():
    return int(readline())


def read_ints():
    return list(map(int, readline().split()))


class DivisorTools:
    def __init__(self):
        self.cache = {}

    def sigma(self, x):
        s = 0
        i = 1
        while i * i <= x:
            if x % i == 0:
                s += i + x // i
            i += 1
        return s

    def divisors(self, x):
        small = []
        large = []
        i = 1
        while i * i <= x:
            if x % i == 0:
                small.append(i)
                large.append(x // i)
            i += 1
        return small + large[::-1]

    def prefix_sigma(self, n):
        if n in self.cache:
            return self.cache[n]
        res = 0
        d = 1
        while d <= n:
            v = n // d
            e = n // v
            res += v * (d + e) * (e - d + 1) // 2
            d = e + 1
        self.cache[n] = res
        return res

    def range_sigma(self, l, r):
        if l == r:
            return self.sigma(l)
        return self.prefix_sigma(r) - self.prefix_sigma(l - 1)


@lru_cache(maxsize=None)
def tau(x):
    c = 0
    i = 1
    while i * i <= x:
        if x % i == 0:
            c += 1 if i * i == x else 2
        i += 1
    return c


def main():
    q = read_int()
    tools = DivisorTools()
    out = []
    for _ in range(q):
        l, r = read_ints()
        out.append(tools.range_sigma(l, r))
    print("\n".join(map(str, out)))


main()

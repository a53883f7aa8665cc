import sys
from functools import lru_cache


def parse():
    raw = sys.stdin.read().split()
    it = iter(raw)
    q = int(next(it))
    p = int(next(it))
    items = []
    for _ in range(q):
        a = int(next(it))
        b = int(next(it))
        items.append((a, b))
    return p, items


def to_digits(x, p):
    if x == 0:
        return [0]
    ds = []
    while x:
        ds.append(x % p)
        x //= p
    return ds


class Solver:
    def __init__(self, p):
        self.p = p

    @lru_cache(maxsize=None)
    def small_binom(self, n, k):
        p = self.p
        if k < 0 or k > n:
            return 0
        if k > n - k:
            k = n - k
        num = 1
        den = 1
        for i in range(k):
            num = num * ((n - i) % p) % p
            den = den * ((i + 1) % p) % p
        return num * pow(den, p - 2, p) % p

    def binom(self, n, k):
        if k > n:
            return 0
        dn = to_digits(n, self.p)
        dk = to_digits(k, self.p)
        while len(dk) < len(dn):
            dk.append(0)
        result = 1
        for a, b in zip(dn, dk):
            result = result * self.small_binom(a, b) % self.p
            if result == 0:
                break
        return result


def main():
    p, items = parse()
    solver = Solver(p)
    out = []
    for n, k in items:
        out.append(solver.binom(n, k))
    for v in out:
        print(v)


if __name__ == "__main__":
    main()

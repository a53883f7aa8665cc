import sys
from collections import defaultdict

input = sys.stdin.readline
sys.setrecursionlimit(1 << 20)


def read_int_list():
    return list(map(int, input().split()))


def ext_euclid(a, b):
    x0, x1 = 1, 0
    y0, y1 = 0, 1
    while b:
        q, r = divmod(a, b)
        a, b = b, r
        x0, x1 = x1, x0 - q * x1
        y0, y1 = y1, y0 - q * y1
    return a, x0, y0


def mod_inverse(a, m):
    g, x, _ = ext_euclid(a % m, m)
    if g != 1:
        return None
    return x % m


def crt(residues, moduli):
    r0, m0 = 0, 1
    for r1, m1 in zip(residues, moduli):
        r1 %= m1
        if m0 < m1:
            r0, r1 = r1, r0
            m0, m1 = m1, m0
        if m0 % m1 == 0:
            if r0 % m1 != r1:
                return 0, 0
            continue
        g, im, _ = ext_euclid(m0, m1)
        u1 = m1 // g
        if (r1 - r0) % g:
            return 0, 0
        x = (r1 - r0) // g % u1 * im % u1
        r0 += x * m0
        m0 *= u1
        if r0 < 0:
            r0 += m0
    return r0, m0


def is_prime(n):
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d = n - 1
    s = 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        x = pow(a, d, n)
        if x == 1 or x == n - 1:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def factorize(n):
    res = defaultdict(int)
    d = 2
    while d * d <= n:
        while n % d == 0:
            res[d] += 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        res[n] += 1
    return dict(res)


def divisors_of(n):
    out = [1]
    for p, e in factorize(n).items():
        cur = []
        pk = 1
        for _ in range(e + 1):
            for d in out:
                cur.append(d * pk)
            pk *= p
        out = cur
    return sorted(out)


def baby_step_giant_step(a, b, m):
    a %= m
    b %= m
    if m == 1:
        return 0
    n = int(m ** 0.5) + 1
    table = {}
    cur = 1
    for j in range(n):
        if cur not in table:
            table[cur] = j
        cur = cur * a % m
    factor = pow(a, n * (m - 2), m) if is_prime(m) else None
    if factor is None:
        return -1
    gamma = b
    for i in range(n):
        if gamma in table:
            return i * n + table[gamma]
        gamma = gamma * factor % m
    return -1


class LinearCongruence:
    def __init__(self, a, b, m):
        self.a = a % m
        self.b = b % m
        self.m = m
        self.g = None
        self.base = None
        self.step = None

    def prepare(self):
        g, _, _ = ext_euclid(self.a, self.m)
        self.g = g
        if self.b % g != 0:
            return False
        step = self.m // g
        inv = mod_inverse(self.a // g, step)
        self.base = (self.b // g) * inv % step
        self.step = step
        return True

    def smallest(self):
        if not self.prepare():
            return -1
        return self.base

    def all_solutions_below(self, limit):
        if not self.prepare():
            return []
        return list(range(self.base, limit, self.step))

    def count_in_modulus(self):
        if not self.prepare():
            return 0
        return self.g


def debug(*x):
    print(*x, file=sys.stderr)


def main():
    a, b, m = read_int_list()
    lc = LinearCongruence(a, b, m)
    print(lc.smallest())


if __name__ == "__main__":
    main()

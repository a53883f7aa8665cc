import sys

MOD = 10 ** 9 + 7


class CharPoly:
    def __init__(self, p, q):
        self.p = p % MOD
        self.q = q % MOD

    def mul(self, f, g):
        c0 = f[0] * g[0]
        c1 = f[0] * g[1] + f[1] * g[0]
        c2 = f[1] * g[1]
        return ((c0 + c2 * self.q) % MOD, (c1 + c2 * self.p) % MOD)

    def power_of_x(self, n):
        result = (1, 0)
        base = (0, 1)
        while n:
            if n & 1:
                result = self.mul(result, base)
            base = self.mul(base, base)
            n >>= 1
        return result


class Sequence:
    def __init__(self, a, b, p, q):
        self.a = a % MOD
        self.b = b % MOD
        self.poly = CharPoly(p, q)

    def evaluate(self, coeffs):
        c0, c1 = coeffs
        return (c0 * self.a + c1 * self.b) % MOD

    def term(self, n):
        return self.evaluate(self.poly.power_of_x(n))


def main():
    a, b, p, q, n = map(int, sys.stdin.read().split())
    seq = Sequence(a, b, p, q)
    print(seq.term(n))


if __name__ == "__main__":
    main()

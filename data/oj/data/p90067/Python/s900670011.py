import sys

MOD = 10 ** 9 + 7


class Mat2:
    __slots__ = ("a", "b", "c", "d")

    def __init__(self, a, b, c, d):
        self.a = a % MOD
        self.b = b % MOD
        self.c = c % MOD
        self.d = d % MOD

    @classmethod
    def identity(cls):
        return cls(1, 0, 0, 1)

    def __mul__(self, o):
        return Mat2(
            self.a * o.a + self.b * o.c,
            self.a * o.b + self.b * o.d,
            self.c * o.a + self.d * o.c,
            self.c * o.b + self.d * o.d,
        )

    def __eq__(self, o):
        return (self.a, self.b, self.c, self.d) == (o.a, o.b, o.c, o.d)

    def det(self):
        return (self.a * self.d - self.b * self.c) % MOD

    def pow(self, e):
        result = Mat2.identity()
        base = self
        while e:
            if e & 1:
                result = result * base
            base = base * base
            e >>= 1
        return result

    def apply(self, x, y):
        return (self.a * x + self.b * y) % MOD, (self.c * x + self.d * y) % MOD

    def __repr__(self):
        return "[[%d, %d], [%d, %d]]" % (self.a, self.b, self.c, self.d)


def reduce_exponent(n):
    return n % (MOD - 1)


def read():
    return list(map(int, sys.stdin.readline().split()))


def main():
    A, B, P, Q, N = read()
    step = Mat2(P, Q, 1, 0)
    e = reduce_exponent(N)
    m = step.pow(e)
    nxt, cur = m.apply(B, A)
    print(cur)


main()

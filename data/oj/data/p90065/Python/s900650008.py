import sys
from collections import deque

sys.setrecursionlimit(10 ** 6)

MOD = None


class ModInt:
    __slots__ = ("v",)

    def __init__(self, v=0):
        if isinstance(v, ModInt):
            self.v = v.v
        else:
            self.v = v % MOD

    def __add__(self, other):
        if isinstance(other, ModInt):
            return ModInt(self.v + other.v)
        return ModInt(self.v + other)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        if isinstance(other, ModInt):
            return ModInt(self.v - other.v)
        return ModInt(self.v - other)

    def __rsub__(self, other):
        return ModInt(other - self.v)

    def __mul__(self, other):
        if isinstance(other, ModInt):
            return ModInt(self.v * other.v)
        return ModInt(self.v * other)

    def __rmul__(self, other):
        return self.__mul__(other)

    def inverse(self):
        return ModInt(pow(self.v, MOD - 2, MOD))

    def __truediv__(self, other):
        if isinstance(other, ModInt):
            return self * other.inverse()
        return self * ModInt(other).inverse()

    def __pow__(self, e):
        return ModInt(pow(self.v, e, MOD))

    def __eq__(self, other):
        if isinstance(other, ModInt):
            return self.v == other.v
        return self.v == other % MOD

    def __int__(self):
        return self.v

    def __repr__(self):
        return str(self.v)


class FactorialTable:
    def __init__(self, size):
        self.size = size
        self.fact = [ModInt(1) for _ in range(size + 1)]
        for i in range(1, size + 1):
            self.fact[i] = self.fact[i - 1] * i
        self.ifact = [ModInt(1) for _ in range(size + 1)]
        self.ifact[size] = self.fact[size].inverse()
        for i in range(size, 0, -1):
            self.ifact[i - 1] = self.ifact[i] * i

    def comb(self, n, k):
        if k < 0 or n < 0 or k > n:
            return ModInt(0)
        return self.fact[n] * self.ifact[k] * self.ifact[n - k]

    def perm(self, n, k):
        if k < 0 or n < 0 or k > n:
            return ModInt(0)
        return self.fact[n] * self.ifact[n - k]

    def homo(self, n, k):
        if n == 0 and k == 0:
            return ModInt(1)
        return self.comb(n + k - 1, k)


def digits_in_base(x, base):
    res = deque()
    while x > 0:
        res.appendleft(x % base)
        x //= base
    return list(res)


def lucas(n, k, table, p):
    dn = digits_in_base(n, p)
    dk = digits_in_base(k, p)
    if len(dk) > len(dn):
        return ModInt(0)
    while len(dk) < len(dn):
        dk.insert(0, 0)
    result = ModInt(1)
    for a, b in zip(dn, dk):
        if b > a:
            return ModInt(0)
        result = result * table.comb(a, b)
    return result


def read_input():
    first = sys.stdin.readline().split()
    q = int(first[0])
    p = int(first[1])
    qs = []
    for _ in range(q):
        line = sys.stdin.readline().split()
        qs.append((int(line[0]), int(line[1])))
    return q, p, qs


def print_answers(answers):
    out = []
    for a in answers:
        out.append(str(int(a)))
    sys.stdout.write("\n".join(out) + "\n")


def main():
    global MOD
    q, p, qs = read_input()
    MOD = p
    size = min(p - 1, 500)
    table = FactorialTable(size)
    answers = []
    for n, k in qs:
        if k > n:
            answers.append(ModInt(0))
            continue
        if n < p:
            answers.append(table.comb(n, k))
        else:
            answers.append(lucas(n, k, table, p))
    print_answers(answers)


if __name__ == "__main__":
    main()

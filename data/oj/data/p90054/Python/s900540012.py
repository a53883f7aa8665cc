import sys

MOD = 10 ** 9 + 7


class CyclicPoly:
    def __init__(self, size, coeffs=None):
        self.size = size
        if coeffs is None:
            self.coeffs = [0] * size
        else:
            self.coeffs = list(coeffs)

    @classmethod
    def one(cls, size):
        p = cls(size)
        p.coeffs[0] = 1
        return p

    @classmethod
    def digit_block(cls, size, upto):
        p = cls(size)
        for x in range(upto + 1):
            p.coeffs[x % size] += 1
        return p

    def shift(self, k):
        size = self.size
        k %= size
        res = CyclicPoly(size)
        for i, c in enumerate(self.coeffs):
            if c:
                res.coeffs[(i + k) % size] = c
        return res

    def multiply(self, other):
        size = self.size
        res = [0] * size
        for i, a in enumerate(self.coeffs):
            if not a:
                continue
            for j, b in enumerate(other.coeffs):
                if b:
                    k = i + j
                    if k >= size:
                        k -= size
                    res[k] = (res[k] + a * b) % MOD
        return CyclicPoly(size, res)

    def add(self, other):
        size = self.size
        return CyclicPoly(size, [(self.coeffs[i] + other.coeffs[i]) % MOD for i in range(size)])

    def coefficient(self, k):
        return self.coeffs[k % self.size]


def powers_of_block(size, count):
    block = CyclicPoly.digit_block(size, 9)
    result = [CyclicPoly.one(size)]
    for _ in range(count):
        result.append(result[-1].multiply(block))
    return result


def count_multiples(number, d):
    digits = [int(c) for c in number]
    length = len(digits)
    powers = powers_of_block(d, length)
    acc = CyclicPoly(d)
    prefix = 0
    for i, c in enumerate(digits):
        if c > 0:
            head = CyclicPoly.digit_block(d, c - 1).shift(prefix)
            acc = acc.add(head.multiply(powers[length - i - 1]))
        prefix += c
    total = acc.coefficient(0)
    if prefix % d == 0:
        total += 1
    return (total - 1) % MOD


def main():
    tokens = sys.stdin.read().split()
    number = tokens[0]
    d = int(tokens[1])
    print(count_multiples(number, d))


main()

import sys


class NegativeBase:
    SYMBOLS = "0123456789ABCDEF"

    def __init__(self, base):
        if base >= -1:
            raise ValueError("base must be <= -2")
        self.base = base
        self.radix = -base

    def symbol(self, d):
        return self.SYMBOLS[d]

    def value_of(self, ch):
        return self.SYMBOLS.index(ch)

    def digits(self, n):
        if n == 0:
            return [0]
        res = []
        while n != 0:
            n, r = divmod(n, self.base)
            if r < 0:
                r += self.radix
                n += 1
            res.append(r)
        res.reverse()
        return res

    def encode(self, n):
        return "".join(self.symbol(d) for d in self.digits(n))

    def decode(self, s):
        total = 0
        for ch in s:
            total = total * self.base + self.value_of(ch)
        return total

    def length(self, n):
        return len(self.digits(n))

    def add(self, s, t):
        return self.encode(self.decode(s) + self.decode(t))

    def negate(self, s):
        return self.encode(-self.decode(s))

    def max_with_digits(self, k):
        total = 0
        p = 1
        for j in range(k):
            if j % 2 == 0:
                total += (self.radix - 1) * p
            p *= self.radix
        return total

    def min_with_digits(self, k):
        total = 0
        p = 1
        for j in range(k):
            if j % 2 == 1:
                total -= (self.radix - 1) * p
            p *= self.radix
        return total


class PositiveBase:
    SYMBOLS = "0123456789ABCDEF"

    def __init__(self, base):
        self.base = base

    def encode(self, n):
        if n == 0:
            return "0"
        sign = "-" if n < 0 else ""
        n = abs(n)
        out = []
        while n:
            out.append(self.SYMBOLS[n % self.base])
            n //= self.base
        return sign + "".join(reversed(out))


    def decode(self, s):
        sign = 1
        if s.startswith("-"):
            sign = -1
            s = s[1:]
        total = 0
        for ch in s:
            total = total * self.base + self.SYMBOLS.index(ch)
        return sign * total


class Converter:
    def __init__(self, source_base, target_base):
        self.source = self.make(source_base)
        self.target = self.make(target_base)

    @staticmethod
    def make(base):
        if base < 0:
            return NegativeBase(base)
        return PositiveBase(base)

    def convert(self, s):
        return self.target.encode(self.source.decode(s))


class Solver:
    def __init__(self, stream):
        self.stream = stream

    def read(self):
        tokens = self.stream.read().split()
        return int(tokens[0]), int(tokens[1])

    def run(self):
        n, b = self.read()
        converter = NegativeBase(b)
        text = converter.encode(n)
        return text


def main():
    solver = Solver(sys.stdin)
    print(solver.run())


if __name__ == "__main__":
    main()

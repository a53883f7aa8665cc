import sys

K = 60
SYM = "0123456789ABCDEF"


class GreedyNegabase:
    def __init__(self, base, width):
        self.base = base
        self.radix = -base
        self.width = width
        self.weights = [base ** i for i in range(width)]
        self.low = [0] * (width + 1)
        self.high = [0] * (width + 1)
        for i in range(width):
            w = self.weights[i]
            if w > 0:
                self.high[i + 1] = self.high[i] + (self.radix - 1) * w
                self.low[i + 1] = self.low[i]
            else:
                self.high[i + 1] = self.high[i]
                self.low[i + 1] = self.low[i] + (self.radix - 1) * w

    def fits(self, value, positions):
        return self.low[positions] <= value <= self.high[positions]

    def digits(self, n):
        res = []
        rest = n
        for i in range(self.width - 1, -1, -1):
            chosen = 0
            for d in range(self.radix):
                if self.fits(rest - d * self.weights[i], i):
                    chosen = d
                    break
            res.append(chosen)
            rest -= chosen * self.weights[i]
        return res

    def encode(self, n):
        s = "".join(SYM[d] for d in self.digits(n)).lstrip("0")
        return s if s else "0"


def main():
    # read input
    n, b = map(int, sys.stdin.readline().split())
    conv = GreedyNegabase(b, K)
    print(conv.encode(n))


main()

import sys


class DivisorPairSieve:
    def __init__(self, n):
        self.n = n
        self.sig = [0] * (n + 1)
        self.acc = [0] * (n + 1)

    def run(self):
        n = self.n
        sig = self.sig
        i = 1
        while i * i <= n:
            sig[i * i] += i
            for j in range(i + 1, n // i + 1):
                sig[i * j] += i + j
            i += 1
        running = 0
        for x in range(1, n + 1):
            running += sig[x]
            self.acc[x] = running

    def sigma(self, x):
        return self.sig[x]

    def total(self, l, r):
        return self.acc[r] - self.acc[l - 1]


def parse(tokens):
    q = int(tokens[0])
    ls = [int(tokens[1 + 2 * t]) for t in range(q)]
    rs = [int(tokens[2 + 2 * t]) for t in range(q)]
    return ls, rs


def main():
    tokens = sys.stdin.read().split()
    ls, rs = parse(tokens)
    n = max(rs)
    sieve = DivisorPairSieve(n)
    sieve.run()
    lines = []
    for l, r in zip(ls, rs):
        lines.append(str(sieve.total(l, r)))
    print("\n".join(lines))


main()

import sys

MOD = 10 ** 9 + 7


class DigitSumCounter:
    def __init__(self, modulus):
        self.d = modulus
        self.ways = [[1] + [0] * (modulus - 1)]

    def extend_to(self, length):
        d = self.d
        while len(self.ways) <= length:
            prev = self.ways[-1]
            cur = [0] * d
            for r in range(d):
                if prev[r] == 0:
                    continue
                for x in range(10):
                    k = (r + x) % d
                    cur[k] = (cur[k] + prev[r]) % MOD
            self.ways.append(cur)

    def count_upto(self, number):
        d = self.d
        digits = [int(c) for c in number]
        length = len(digits)
        self.extend_to(length)
        total = 0
        prefix = 0
        for i, c in enumerate(digits):
            rest = length - i - 1
            table = self.ways[rest]
            for x in range(c):
                need = (-(prefix + x)) % d
                total += table[need]
            prefix = (prefix + c) % d
        if prefix == 0:
            total += 1
        return total % MOD


def main():
    parts = sys.stdin.read().split()
    number = parts[0]
    d = int(parts[1])
    if d > 9 * (len(number) - 1):
        print(0)
        return
    counter = DigitSumCounter(d)
    with_zero = counter.count_upto(number)
    print((with_zero - 1) % MOD)


main()

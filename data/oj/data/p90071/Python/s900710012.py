import sys


class GcdPairCounter:
    def __init__(self, values):
        self.values = values
        self.limit = max(values)
        self.freq = [0] * (self.limit + 1)
        for v in values:
            self.freq[v] += 1

    def multiples_count(self):
        m = self.limit
        cnt = [0] * (m + 1)
        for d in range(1, m + 1):
            s = 0
            for k in range(d, m + 1, d):
                s += self.freq[k]
            cnt[d] = s
        return cnt

    def exact_gcd_pairs(self):
        m = self.limit
        cnt = self.multiples_count()
        exact = [0] * (m + 1)
        for d in range(m, 0, -1):
            c = cnt[d]
            value = c * (c - 1) // 2
            for k in range(2 * d, m, d):
                value -= exact[k]
            exact[d] = value
        return exact

    def coprime_pairs(self):
        return self.exact_gcd_pairs()[1]

    def pairs_with_gcd(self, g):
        if g > self.limit:
            return 0
        return self.exact_gcd_pairs()[g]

    def total_pairs(self):
        n = len(self.values)
        return n * (n - 1) // 2

    def non_coprime_pairs(self):
        return self.total_pairs() - self.coprime_pairs()


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    values = [int(x) for x in data[1:1 + n]]
    counter = GcdPairCounter(values)
    print(counter.coprime_pairs())


if __name__ == "__main__":
    main()

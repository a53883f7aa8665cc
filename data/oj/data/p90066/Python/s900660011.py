import sys
from collections import defaultdict

input = sys.stdin.readline


def read_int():
    return int(input())


def read_ints():
    return tuple(map(int, input().split()))


class ProperDivisorTable:
    def __init__(self, limit):
        self.limit = limit
        self.aliquot = [0] * (limit + 1)
        for d in range(1, limit // 2 + 1):
            for m in range(2 * d, limit + 1, d):
                self.aliquot[m] += d

    def is_perfect(self, x):
        return x >= 2 and self.aliquot[x] == x

    def is_abundant(self, x):
        return self.aliquot[x] > x

    def sigma_list(self):
        sig = self.aliquot[:]
        for x in range(2, self.limit + 1):
            sig[x] += x
        return sig


def main():
    # read queries
    Q = read_int()
    qs = [read_ints() for _ in range(Q)]
    N = max(r for _, r in qs)
    table = ProperDivisorTable(N)
    sig = table.sigma_list()
    pre = [0] * (N + 1)
    for x in range(1, N + 1):
        pre[x] = pre[x - 1] + sig[x]
    seen = defaultdict(int)
    for l, r in qs:
        key = (l, r)
        if key not in seen:
            seen[key] = pre[r] - pre[l - 1]
        print(seen[key])


main()

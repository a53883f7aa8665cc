import sys
from collections import Counter


def input():
    return sys.stdin.readline().rstrip()


def read_ints():
    return list(map(int, input().split()))


class Mobius:
    def __init__(self, m):
        self.m = m
        self.mu = [1] * (m + 1)
        self.is_prime = [True] * (m + 1)
        if m >= 0:
            self.is_prime[0] = False
        if m >= 1:
            self.is_prime[1] = False
        for p in range(2, m + 1):
            if not self.is_prime[p]:
                continue
            for q in range(2 * p, m + 1, p):
                self.is_prime[q] = False
            for q in range(p, m + 1, p):
                self.mu[q] *= -1
            for q in range(p * p, m + 1, p * p):
                self.mu[q] = 0

    def __getitem__(self, d):
        return self.mu[d]

    def primes(self):
        return [p for p in range(2, self.m + 1) if self.is_prime[p]]


def multiples_table(values, m):
    cnt = [0] * (m + 1)
    for v, c in Counter(values).items():
        cnt[v] += c
    res = [0] * (m + 1)
    for d in range(1, m + 1):
        res[d] = sum(cnt[d::d])
    return res


def main():
    n = int(input())
    a = read_ints()
    m = max(a)
    mu = Mobius(m)
    mult = multiples_table(a, m)
    s = 0
    for d in range(1, m + 1):
        if mu[d] == 0:
            continue
        c = mult[d]
        s += mu[d] * c * c
    print(s // 2)


main()

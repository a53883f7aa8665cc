import sys

M1 = 1000000007
M2 = 998244353
BASE = 911382323


class DoubleHash:
    def __init__(self, s):
        n = len(s)
        self.n = n
        self.h1 = [0] * (n + 1)
        self.h2 = [0] * (n + 1)
        self.p1 = [1] * (n + 1)
        self.p2 = [1] * (n + 1)
        for i, ch in enumerate(s):
            c = ord(ch)
            self.h1[i + 1] = (self.h1[i] * BASE + c) % M1
            self.h2[i + 1] = (self.h2[i] * BASE + c) % M2
            self.p1[i + 1] = self.p1[i] * BASE % M1
            self.p2[i + 1] = self.p2[i] * BASE % M2

    def get(self, l, r):
        a = (self.h1[r] - self.h1[l] * self.p1[r - l]) % M1
        b = (self.h2[r] - self.h2[l] * self.p2[r - l]) % M2
        return a, b


def common_prefix(h1, i, h2, j, limit):
    lo, hi = 0, limit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if h1.get(i, i + mid) == h2.get(j, j + mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def main():
    s = sys.stdin.readline().strip()
    n = len(s)
    fwd = DoubleHash(s)
    bwd = DoubleHash(s[::-1])
    total = 0
    distinct = set()
    for l in range(n):
        for r in range(l + 1, n + 1):
            if s[l] != s[r - 1]:
                continue
            if fwd.get(l, r) != bwd.get(n - r, n - l):
                continue
            if s[l:r] != s[l:r][::-1]:
                continue
            total += 1
            distinct.add(s[l:r])
    print(total, len(distinct))


main()

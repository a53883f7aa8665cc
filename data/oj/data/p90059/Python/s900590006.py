import sys


class RollingHash:
    MASK = (1 << 61) - 1

    def __init__(self, s, base=10007):
        self.n = len(s)
        self.base = base
        mod = self.MASK
        self.h = [0] * (self.n + 1)
        self.pw = [1] * (self.n + 1)
        for i, ch in enumerate(s):
            self.h[i + 1] = (self.h[i] * base + ord(ch)) % mod
            self.pw[i + 1] = self.pw[i] * base % mod

    def get(self, l, r):
        return (self.h[r] - self.h[l] * self.pw[r - l]) % self.MASK

    @classmethod
    def of(cls, s, base=10007):
        v = 0
        for ch in s:
            v = (v * base + ord(ch)) % cls.MASK
        return v


def lcp(rh1, i, rh2, j, limit):
    lo, hi = 0, limit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if rh1.get(i, i + mid) == rh2.get(j, j + mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def find_all(text, rh, pattern):
    n = len(text)
    m = len(pattern)
    if m > n:
        return []
    target = RollingHash.of(pattern)
    hits = []
    for i in range(n - m + 1):
        if rh.get(i, i + m) == target and text[i:i + m] == pattern:
            hits.append(i + 1)
    return hits


def main():
    data = sys.stdin.read().split()
    text = data[0]
    q = int(data[1])
    rh = RollingHash(text)
    res = []
    for k in range(q):
        hits = find_all(text, rh, data[2 + k])
        if hits:
            res.append("%d %d %d" % (len(hits), hits[0], hits[-1]))
        else:
            res.append("0")
    sys.stdout.write("\n".join(res) + "\n")


main()

import sys


def banded_distance(x, y):
    n = len(x)
    m = len(y)
    band = abs(n - m) + 3
    INF = float("inf")
    prev = [INF] * (m + 1)
    for j in range(0, min(m, band) + 1):
        prev[j] = j
    for i in range(1, n + 1):
        cur = [INF] * (m + 1)
        lo = max(0, i - band)
        hi = min(m, i + band)
        if lo == 0:
            cur[0] = i
            lo = 1
        xi = x[i - 1]
        for j in range(lo, hi + 1):
            best = prev[j - 1] + (0 if xi == y[j - 1] else 1)
            if prev[j] + 1 < best:
                best = prev[j] + 1
            if cur[j - 1] + 1 < best:
                best = cur[j - 1] + 1
            cur[j] = best
        prev = cur
    return prev[m]


def main():
    data = sys.stdin.read().split()
    s = data[0]
    t = data[1]
    print(banded_distance(s, t))


main()

import sys
from collections import Counter


def lps(t):
    m = len(t)
    if m == 0:
        return 0
    f = [[0] * m for _ in range(m)]
    for i in range(m - 1, -1, -1):
        f[i][i] = 1
        for j in range(i + 1, m):
            if t[i] == t[j]:
                f[i][j] = f[i + 1][j - 1] + 2
            else:
                f[i][j] = max(f[i + 1][j], f[i][j - 1])
    return f[0][m - 1]


def main():
    s = sys.stdin.readline().strip()
    cnt = Counter(s)
    kept = [c for c in s if cnt[c] > 1]
    best = lps(kept)
    if best % 2 == 0 and len(kept) < len(s):
        best += 1
    print(best)


main()

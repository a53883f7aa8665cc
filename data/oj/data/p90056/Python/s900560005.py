import sys


def lcs_length(s, t):
    row = [0] * (len(t) + 1)
    for ch in s:
        diag = 0
        for j, c in enumerate(t, 1):
            keep = row[j]
            row[j] = diag + 1 if ch == c else max(row[j], row[j - 1])
            diag = keep
    return row[-1]


def lps(s):
    return lcs_length(s, s[::-1])


def upper_bound(s):
    counts = [s.count(c) for c in set(s)]
    return sum(c // 2 * 2 for c in counts) + (1 if any(c % 2 for c in counts) else 0)


def main():
    s = sys.stdin.readline().strip()
    if s == s[::-1]:
        print(len(s))
        return
    ans = lps(s)
    print(min(ans, upper_bound(s)))


main()

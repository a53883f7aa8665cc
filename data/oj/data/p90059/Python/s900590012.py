import sys


def build_z(s):
    n = len(s)
    z = [0] * n
    left, right = 0, 0
    for i in range(1, n):
        if i <= right:
            z[i] = min(right - i + 1, z[i - left])
        while i + z[i] < n and s[z[i]] == s[i + z[i]]:
            z[i] += 1
        if i + z[i] - 1 > right:
            left, right = i, i + z[i] - 1
    z[0] = n
    return z


def count_occurrences(text, pat):
    m = len(pat)
    combined = pat + text
    z = build_z(combined)
    found = []
    for i in range(1, len(combined)):
        if z[i] >= m:
            found.append(i - m + 1)
    return found


def main():
    it = iter(sys.stdin.read().split())
    text = next(it)
    q = int(next(it))
    for _ in range(q):
        pat = next(it)
        found = count_occurrences(text, pat)
        if not found:
            print(0)
        else:
            print(len(found), found[0], found[-1])


main()

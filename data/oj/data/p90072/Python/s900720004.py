import sys

CHARS = "0123456789ABCDEF"


def digit_range(k, m):
    hi = 0
    lo = 0
    p = 1
    for j in range(k):
        if j % 2 == 0:
            hi += (m - 1) * p
        else:
            lo -= (m - 1) * p
        p *= m
    return lo, hi


def needed_length(n, m):
    k = 1
    while True:
        lo, hi = digit_range(k, m)
        if lo <= n <= hi:
            return k
        k += 1


def pick_digit(rem, i, b, m):
    lo, hi = digit_range(i, m)
    w = b ** i
    for d in range(m):
        if lo <= rem - d * w <= hi:
            return d
    return -1


def solve(n, b):
    m = -b
    k = needed_length(n, m)
    out = []
    rem = n
    for i in range(k - 1, -1, -1):
        d = pick_digit(rem, i, b, m)
        out.append(CHARS[d])
        rem -= d * b ** i
    return "".join(out)


def check(s, b):
    v = 0
    for ch in s:
        v = v * b + CHARS.index(ch)
    return v


def main():
    n, b = map(int, sys.stdin.readline().split())
    print(solve(n, b))


main()

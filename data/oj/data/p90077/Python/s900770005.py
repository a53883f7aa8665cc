import sys

input = sys.stdin.readline


def prefix_blocks(a, k, better):
    n = len(a)
    pre = [0] * n
    for i in range(n):
        if i % k == 0:
            pre[i] = a[i]
        else:
            pre[i] = better(pre[i - 1], a[i])
    return pre


def suffix_blocks(a, k, better):
    n = len(a)
    suf = [0] * n
    for i in range(n - 1, -1, -1):
        if i == n - 1 or (i + 1) % k == 0:
            suf[i] = a[i]
        else:
            suf[i] = better(suf[i + 1], a[i])
    return suf


def window_extreme(pre, suf, i, k, better):
    return better(suf[i], pre[i + k - 1])


def solve(n, k, a):
    pre_max = prefix_blocks(a, k, max)
    pre_min = prefix_blocks(a, k, min)
    suf_max = suffix_blocks(a, k, max)
    suf_min = suffix_blocks(a, k, min)
    out = []
    for i in range(n - k + 1):
        hi = window_extreme(pre_max, suf_max, i, k, max)
        lo = window_extreme(pre_min, suf_min, i, k, min)
        out.append(hi - lo)
    return out


def main():
    n, k = map(int, input().split())
    a = list(map(int, input().split()))
    out = solve(n, k, a)
    print(" ".join(map(str, out)))


main()

import sys
from math import ceil, log2


def read_input():
    data = sys.stdin.read().split()
    n = int(data[0])
    return n, [int(v) for v in data[1:1 + n]]


def equal_piles_cost(n, v):
    if n == 1:
        return 0
    return v * n * ceil(log2(n))


def interval_cost(a):
    n = len(a)
    pre = [0] * (n + 1)
    for i in range(n):
        pre[i + 1] = pre[i] + a[i]
    f = [[0] * n for _ in range(n)]
    for j in range(n):
        for i in range(j - 1, -1, -1):
            best = min(f[i][k] + f[k + 1][j] for k in range(i, j))
            f[i][j] = best + pre[j + 1] - pre[i]
    return f[0][n - 1]


def main():
    n, a = read_input()
    if len(set(a)) == 1:
        print(equal_piles_cost(n, a[0]))
    else:
        print(interval_cost(a))


main()

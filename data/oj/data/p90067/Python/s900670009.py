import sys

MOD = 10 ** 9 + 7


def mat_mul(x, y):
    return [
        [(x[0][0] * y[0][0] + x[0][1] * y[1][0]) % MOD, (x[0][0] * y[0][1] + x[0][1] * y[1][1]) % MOD],
        [(x[1][0] * y[0][0] + x[1][1] * y[1][0]) % MOD, (x[1][0] * y[0][1] + x[1][1] * y[1][1]) % MOD],
    ]


def mat_pow(m, e):
    result = [[1, 0], [0, 1]]
    while e > 0:
        if e & 1:
            result = mat_mul(result, m)
        m = mat_mul(m, m)
        e >>= 1
    return result


def main():
    a, b, p, q, n = map(int, sys.stdin.readline().split())
    r = mat_pow([[p, q], [1, 0]], n - 1)
    print((r[0][0] * b + r[0][1] * a) % MOD)


main()

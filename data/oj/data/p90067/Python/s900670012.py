import sys

input = sys.stdin.readline
MOD = 1000000007
LOG = 59


def mul2(x, y):
    a00 = (x[0] * y[0] + x[1] * y[2]) % MOD
    a01 = (x[0] * y[1] + x[1] * y[3]) % MOD
    a10 = (x[2] * y[0] + x[3] * y[2]) % MOD
    a11 = (x[2] * y[1] + x[3] * y[3]) % MOD
    return (a00, a01, a10, a11)


def apply(m, v):
    return ((m[0] * v[0] + m[1] * v[1]) % MOD, (m[2] * v[0] + m[3] * v[1]) % MOD)


def main():
    a, b, p, q, n = map(int, input().split())
    powers = [(p % MOD, q % MOD, 1, 0)]
    for _ in range(LOG - 1):
        powers.append(mul2(powers[-1], powers[-1]))
    vec = (b % MOD, a % MOD)
    for k in range(LOG):
        if (n >> k) & 1:
            vec = apply(powers[k], vec)
    print(vec[1])


main()

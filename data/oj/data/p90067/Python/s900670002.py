MOD = 10 ** 9 + 7


def mul(x, y):
    return [
        [(x[0][0] * y[0][0] + x[0][1] * y[1][0]) % MOD, (x[0][0] * y[0][1] + x[0][1] * y[1][1]) % MOD],
        [(x[1][0] * y[0][0] + x[1][1] * y[1][0]) % MOD, (x[1][0] * y[0][1] + x[1][1] * y[1][1]) % MOD],
    ]


A, B, P, Q, N = map(int, input().split())
if N == 0:
    print(A % MOD)
else:
    res = [[1, 0], [0, 1]]
    base = [[P, Q], [1, 0]]
    e = N - 1
    while e > 0:
        if e % 2 == 1:
            res = mul(res, base)
        base = mul(base, base)
        e //= 2
    print((res[0][0] * B + res[0][1] * A) % MOD)

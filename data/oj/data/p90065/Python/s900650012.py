import sys

readline = sys.stdin.readline


def build(p):
    m = min(p, 501)
    f = [1] * m
    for i in range(1, m):
        f[i] = f[i - 1] * i % p
    fi = [1] * m
    fi[m - 1] = pow(f[m - 1], p - 2, p)
    for i in range(m - 1, 0, -1):
        fi[i - 1] = fi[i] * i % p
    return f, fi


def nCr(n, r, p, f, fi):
    res = 1
    while n or r:
        a, b = n % p, r % p
        res = res * f[a] % p * fi[b] % p * fi[a - b] % p
        n //= p
        r //= p
    return res


q, p = map(int, readline().split())
f, fi = build(p)
ans = []
for _ in range(q):
    n, r = map(int, readline().split())
    ans.append(nCr(n, r, p, f, fi))
print("\n".join(map(str, ans)))

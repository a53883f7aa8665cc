def extgcd(a, b):
    r0, r1 = a, b
    s0, s1 = 1, 0
    t0, t1 = 0, 1
    while r1 != 0:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
        t0, t1 = t1, t0 - q * t1
    return r0, s0, t0


A, B, M = map(int, input().split())
A %= M
B %= M
g, u, _ = extgcd(A, M)
if B % g != 0:
    print(-1)
else:
    mod = M // g
    print(u * (B // g) % mod)

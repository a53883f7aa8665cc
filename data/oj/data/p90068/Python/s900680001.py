import sys


def ext_gcd(a, b):
    old_r, r = a, b
    old_s, s = 1, 0
    old_t, t = 0, 1
    while r != 0:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
        old_t, t = t, old_t - q * t
    return old_r, old_s, old_t


def main():
    a, b, m = map(int, sys.stdin.readline().split())
    a %= m
    b %= m
    g, x, _ = ext_gcd(a, m)
    if b % g != 0:
        print(-1)
        return
    m2 = m // g
    x = x * (b // g) % m2
    print(x)


main()

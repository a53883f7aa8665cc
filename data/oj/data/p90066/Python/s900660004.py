import sys
from math import isqrt


def tri(m):
    return m * (m + 1) // 2


def S(n):
    if n <= 0:
        return 0
    s = isqrt(n)
    return sum(d * (n // d) for d in range(1, s + 1)) + sum(tri(n // k) for k in range(1, s + 1)) - s * tri(s)


data = list(map(int, sys.stdin.read().split()))
q = data[0]
print("\n".join(str(S(data[2 * i + 2]) - S(data[2 * i + 1] - 1)) for i in range(q)))

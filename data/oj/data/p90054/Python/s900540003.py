import sys
from functools import lru_cache

MOD = 10 ** 9 + 7
input = sys.stdin.readline

N, D = input().split()
D = int(D)
digits = list(map(int, N))
L = len(digits)


@lru_cache(maxsize=None)
def count(pos, rem, tight):
    if pos == L:
        return int(rem == 0)
    limit = digits[pos] if tight else 9
    total = 0
    for x in range(limit + 1):
        total += count(pos + 1, (rem + x) % D, tight and x == limit)
    return total % MOD


def warm():
    for pos in range(L, -1, -1):
        for rem in range(D):
            count(pos, rem, False)


warm()
ans = count(0, 0, True) - 1
print(ans % MOD)

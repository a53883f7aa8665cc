from collections import Counter

MOD = 10 ** 9 + 7


def spread(free, d):
    nxt = Counter()
    for r, w in free.items():
        for x in range(10):
            k = (r + x) % d
            nxt[k] = (nxt[k] + w) % MOD
    return nxt


def count(n, d):
    free = Counter()
    prefix = 0
    for c in map(int, n):
        nxt = spread(free, d)
        for x in range(c):
            nxt[(prefix + x) % d] += 1
        prefix = (prefix + c) % d
        free = nxt
    return (free[0] + (prefix == 0) - 1) % MOD


n, d = input().split()
print(count(n, int(d)))

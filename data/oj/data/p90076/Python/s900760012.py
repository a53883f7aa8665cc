from math import ceil

N, K = map(int, input().split())
L = list(map(int, input().split()))

def ok(x):
    c = 0
    for v in L:
        c += ceil(v / x) - 1
        if c > K:
            return False
    return True

lo, hi = 1.0, float(max(L))
for _ in range(100):
    mid = (lo + hi) / 2
    if ok(mid):
        hi = mid
    else:
        lo = mid
print(hi)

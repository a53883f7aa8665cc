import sys
from itertools import accumulate

input = sys.stdin.readline

MAX = 20000
sigma = [0] * (MAX + 1)
for d in range(1, MAX + 1):
    for m in range(d, MAX + 1, d):
        sigma[m] += d
pre = list(accumulate(sigma))
q = int(input())
res = []
for _ in range(q):
    l, r = map(int, input().split())
    res.append(pre[r] - pre[l - 1])
print("\n".join(map(str, res)))

import sys

sys.setrecursionlimit(10000)

N = int(input())
A = list(map(int, input().split()))
S = [0]
for x in A:
    S.append(S[-1] + x)

memo = {}


def seg(l, r):
    return S[r + 1] - S[l]


def cost(l, r):
    if l == r:
        return 0
    key = l << 6 | r
    if key in memo:
        return memo[key]
    res = None
    for m in range(l, r):
        cand = cost(l, m) + cost(m + 1, r)
        if res is None or cand < res:
            res = cand
    res += seg(l, r)
    memo[key] = res
    return res


for width in range(1, N):
    for left in range(0, N - width):
        cost(left, left + width)

print(cost(0, N - 1))

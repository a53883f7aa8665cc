import sys
from itertools import permutations

input = sys.stdin.readline

n = int(input())
cost = [list(map(int, input().split())) for _ in range(n)]

best = -1
for order in permutations(range(1, n)):
    route = [0, *order, 0]
    total = 0
    ok = True
    for k in range(len(route) - 1):
        d = cost[route[k]][route[k + 1]]
        if d < 0:
            ok = False
            break
        total += d
    if ok and (best == -1 or total < best):
        best = total

if n == 1:
    best = 0
print(best)

from itertools import permutations

n = int(input())
c = [list(map(int, input().split())) for _ in range(n)]

best = -1
for perm in permutations(range(1, n)):
    route = [0] + list(perm) + [0]
    total = 0
    ok = True
    for k in range(len(route) - 1):
        d = c[route[k]][route[k + 1]]
        if d < 0:
            ok = False
            break
        total += d
    if ok and (best == -1 or total < best):
        best = total

if n == 1:
    best = 0
print(best)

import sys
from collections import deque

input = sys.stdin.readline
n, m = map(int, input().split())
edges = [[] for _ in range(n + 1)]
for _ in range(m):
    a, b = map(int, input().split())
    edges[a].append(b)
    edges[b].append(a)

# 2-coloring
team = [-1] * (n + 1)
bad = False
for s in range(1, n + 1):
    if team[s] >= 0:
        continue
    team[s] = 0
    q = deque([s])
    while q and not bad:
        v = q.popleft()
        for u in edges[v]:
            if team[u] < 0:
                team[u] = team[v] ^ 1
                q.append(u)
            elif team[u] == team[v]:
                bad = True
                break
    if bad:
        break

if bad:
    print(-1)
else:
    zeros = team[1:].count(0)
    print(max(zeros, n - zeros))

import sys

input = sys.stdin.readline

N, M = map(int, input().split())
INF = float("inf")
cost = [[INF] * N for _ in range(N)]
for _ in range(M):
    a, b, c = map(int, input().split())
    a -= 1
    b -= 1
    cost[a][b] = c

dist = [INF] * N
used = [False] * N
dist[0] = 0
for _ in range(N):
    u = -1
    best = INF
    for i in range(N):
        if not used[i] and dist[i] < best:
            best = dist[i]
            u = i
    if u == -1:
        break
    used[u] = True
    row = cost[u]
    for v in range(N):
        if row[v] != INF and dist[u] + row[v] < dist[v]:
            dist[v] = dist[u] + row[v]

for i in range(N):
    if dist[i] == INF:
        print(-1)
    else:
        print(dist[i])

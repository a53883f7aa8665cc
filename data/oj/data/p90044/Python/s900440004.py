import heapq
import math
import sys

readline = sys.stdin.readline
N, M = map(int, readline().split())
P = [tuple(map(int, readline().split())) for _ in range(N)]
free = [[] for _ in range(N)]
for _ in range(M):
    a, b = map(int, readline().split())
    free[a - 1].append(b - 1)
    free[b - 1].append(a - 1)

visited = [False] * N
hq = [(0.0, 0)]
total = 0.0
cnt = 0
while hq and cnt < N:
    d, u = heapq.heappop(hq)
    if visited[u]:
        continue
    visited[u] = True
    cnt += 1
    total += d
    for v in free[u]:
        if not visited[v]:
            heapq.heappush(hq, (0.0, v))
    x, y = P[u]
    for v in range(N):
        if not visited[v]:
            heapq.heappush(hq, (math.dist((x, y), P[v]), v))

print(f"{total:.10f}")

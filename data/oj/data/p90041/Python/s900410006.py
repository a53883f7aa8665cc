from heapq import heappush, heappop
import sys

n, m, *rest = map(int, sys.stdin.read().split())
edges = [tuple(rest[i:i + 3]) for i in range(0, 3 * m, 3)]
adj = [[] for _ in range(n + 1)]
for a, b, c in edges:
    adj[a].append((c, b))

dist = {1: 0}
pq = [(0, 1)]
while pq:
    d, u = heappop(pq)
    if d != dist[u]:
        continue
    for c, v in adj[u]:
        if v not in dist or d + c < dist[v]:
            dist[v] = d + c
            heappush(pq, (d + c, v))

print(*[dist.get(i, -1) for i in range(1, n + 1)], sep="\n")

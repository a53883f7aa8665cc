import sys
from collections import deque
input = sys.stdin.readline

N, Q = map(int, input().split())
adj = [[] for _ in range(N + 1)]
for _ in range(N - 1):
    a, b, c = map(int, input().split())
    adj[a].append((b, c))
    adj[b].append((a, c))

LOG = 11
parent = [0] * (N + 1)
depth = [0] * (N + 1)
dist = [0] * (N + 1)
done = [False] * (N + 1)
done[1] = True
dq = deque([1])
while dq:
    v = dq.popleft()
    for to, c in adj[v]:
        if not done[to]:
            done[to] = True
            parent[to] = v
            depth[to] = depth[v] + 1
            dist[to] = dist[v] + c
            dq.append(to)

up = [[0] * (N + 1) for _ in range(LOG)]
up[0] = parent[:]
for v in range(1, N + 1):
    for k in range(1, LOG):
        up[k][v] = up[k - 1][up[k - 1][v]]


def lca(a, b):
    if depth[a] < depth[b]:
        a, b = b, a
    k = 0
    d = depth[a] - depth[b]
    while d:
        if d & 1:
            a = up[k][a]
        d >>= 1
        k += 1
    if a == b:
        return a
    for k in reversed(range(LOG)):
        if up[k][a] != up[k][b]:
            a = up[k][a]
            b = up[k][b]
    return parent[a]


for _ in range(Q):
    u, v = map(int, input().split())
    print(dist[u] + dist[v] - 2 * dist[lca(u, v)])

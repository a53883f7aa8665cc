import sys
sys.setrecursionlimit(100000)

n, m = map(int, input().split())
edges = [tuple(map(int, input().split())) for _ in range(m)]
adj = [[] for _ in range(n + 1)]
for a, b, w in edges:
    adj[a].append((b, w))

state = [0] * (n + 1)
order = []


def dfs(v):
    state[v] = 1
    for u, _ in adj[v]:
        if state[u] == 0:
            dfs(u)
    order.append(v)


for v in range(1, n + 1):
    if state[v] == 0:
        dfs(v)
order.reverse()

INF = float("inf")
score = [-INF] * (n + 1)
score[1] = 0
for v in order:
    if score[v] == -INF:
        continue
    for u, w in adj[v]:
        score[u] = max(score[u], score[v] + w)

print("IMPOSSIBLE" if score[n] == -INF else score[n])

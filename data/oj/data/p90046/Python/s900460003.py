import sys

input = sys.stdin.readline
N, Q = map(int, input().split())
g = [[] for _ in range(N + 1)]
for _ in range(N - 1):
    a, b, c = map(int, input().split())
    g[a].append((b, c))
    g[b].append((a, c))

par = [0] * (N + 1)
dep = [0] * (N + 1)
wpar = [0] * (N + 1)
st = [1]
vis = [False] * (N + 1)
vis[1] = True
while st:
    v = st.pop()
    for to, c in g[v]:
        if not vis[to]:
            vis[to] = True
            par[to] = v
            dep[to] = dep[v] + 1
            wpar[to] = c
            st.append(to)

for _ in range(Q):
    u, v = map(int, input().split())
    d = 0
    while dep[u] > dep[v]:
        d += wpar[u]
        u = par[u]
    while dep[v] > dep[u]:
        d += wpar[v]
        v = par[v]
    while u != v:
        d += wpar[u] + wpar[v]
        u = par[u]
        v = par[v]
    print(d)

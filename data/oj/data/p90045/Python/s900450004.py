import sys
sys.setrecursionlimit(10 ** 5)


def solve(n, vals, edges):
    g = [[] for _ in range(n)]
    for u, v in edges:
        g[u].append(v)
        g[v].append(u)
    best = [vals[0]]

    def dfs(v, p):
        top = []
        for w in g[v]:
            if w != p:
                top.append(max(0, dfs(w, v)))
        top.sort(reverse=True)
        top += [0, 0]
        best[0] = max(best[0], vals[v] + top[0] + top[1])
        return vals[v] + top[0]

    dfs(0, -1)
    return best[0]


n = int(input())
vals = list(map(int, input().split()))
edges = []
for _ in range(n - 1):
    u, v = map(int, input().split())
    edges.append((u - 1, v - 1))
print(solve(n, vals, edges))

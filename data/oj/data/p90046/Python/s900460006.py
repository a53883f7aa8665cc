import sys


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    pos = 2
    for _ in range(n - 1):
        a, b, c = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        adj[a].append((b, c))
        adj[b].append((a, c))
    queries = []
    asked = [[] for _ in range(n + 1)]
    for i in range(q):
        u, v = int(data[pos]), int(data[pos + 1])
        pos += 2
        queries.append((u, v))
        asked[u].append((v, i))
        asked[v].append((u, i))

    uf = list(range(n + 1))

    def find(x):
        r = x
        while uf[r] != r:
            r = uf[r]
        while uf[x] != r:
            uf[x], x = r, uf[x]
        return r

    anc = list(range(n + 1))
    dist = [0] * (n + 1)
    visited = [False] * (n + 1)
    lca = [0] * q
    parent = [0] * (n + 1)
    it = [0] * (n + 1)
    stack = [1]
    visited[1] = True
    while stack:
        v = stack[-1]
        if it[v] < len(adj[v]):
            w, c = adj[v][it[v]]
            it[v] += 1
            if not visited[w]:
                visited[w] = True
                parent[w] = v
                dist[w] = dist[v] + c
                stack.append(w)
            continue
        stack.pop()
        for other, i in asked[v]:
            if visited[other] and (other == v or it[other] >= len(adj[other])):
                lca[i] = anc[find(other)]
        if stack:
            p = parent[v]
            uf[find(v)] = find(p)
            anc[find(p)] = p

    out = []
    for i, (u, v) in enumerate(queries):
        out.append(dist[u] + dist[v] - 2 * dist[lca[i]])
    print("\n".join(map(str, out)))


main()

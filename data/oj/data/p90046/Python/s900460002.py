import sys
from collections import deque


class LCA:
    def __init__(self, n, adj, root=1):
        self.LOG = max(1, n.bit_length())
        self.depth = [0] * (n + 1)
        self.dist = [0] * (n + 1)
        up0 = [root] * (n + 1)
        seen = [False] * (n + 1)
        seen[root] = True
        q = deque([root])
        while q:
            v = q.popleft()
            for w, c in adj[v]:
                if not seen[w]:
                    seen[w] = True
                    up0[w] = v
                    self.depth[w] = self.depth[v] + 1
                    self.dist[w] = self.dist[v] + c
                    q.append(w)
        self.up = [up0]
        for k in range(1, self.LOG):
            prev = self.up[k - 1]
            self.up.append([prev[prev[v]] for v in range(n + 1)])

    def lca(self, u, v):
        if self.depth[u] < self.depth[v]:
            u, v = v, u
        diff = self.depth[u] - self.depth[v]
        for k in range(self.LOG):
            if diff >> k & 1:
                u = self.up[k][u]
        if u == v:
            return u
        for k in range(self.LOG - 1, -1, -1):
            if self.up[k][u] != self.up[k][v]:
                u = self.up[k][u]
                v = self.up[k][v]
        return self.up[0][u]

    def distance(self, u, v):
        return self.dist[u] + self.dist[v] - 2 * self.dist[self.lca(u, v)]


def main():
    data = sys.stdin.buffer.read().split()
    n, q = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    idx = 2
    for _ in range(n - 1):
        u, v, w = int(data[idx]), int(data[idx + 1]), int(data[idx + 2])
        idx += 3
        adj[u].append((v, w))
        adj[v].append((u, w))
    tree = LCA(n, adj)
    ans = []
    for _ in range(q):
        u, v = int(data[idx]), int(data[idx + 1])
        idx += 2
        ans.append(tree.distance(u, v))
    print("\n".join(map(str, ans)))


if __name__ == "__main__":
    main()

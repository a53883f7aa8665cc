import sys


def build_euler(n, adj, root):
    first = [0] * (n + 1)
    depth = [0] * (n + 1)
    dist = [0] * (n + 1)
    euler = []
    it = [0] * (n + 1)
    parent = [0] * (n + 1)
    parent[root] = -1
    stack = [root]
    first[root] = 0
    euler.append(root)
    while stack:
        v = stack[-1]
        if it[v] < len(adj[v]):
            w, c = adj[v][it[v]]
            it[v] += 1
            if w == parent[v]:
                continue
            parent[w] = v
            depth[w] = depth[v] + 1
            dist[w] = dist[v] + c
            first[w] = len(euler)
            euler.append(w)
            stack.append(w)
        else:
            stack.pop()
            if stack:
                euler.append(stack[-1])
    return euler, first, depth, dist


class SparseTable:
    def __init__(self, arr, key):
        self.key = key
        n = len(arr)
        self.table = [arr[:]]
        j = 1
        while (1 << j) <= n:
            prev = self.table[-1]
            half = 1 << (j - 1)
            row = []
            for i in range(n - (1 << j) + 1):
                a = prev[i]
                b = prev[i + half]
                row.append(a if key[a] <= key[b] else b)
            self.table.append(row)
            j += 1

    def query(self, l, r):
        k = (r - l + 1).bit_length() - 1
        a = self.table[k][l]
        b = self.table[k][r - (1 << k) + 1]
        return a if self.key[a] <= self.key[b] else b


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    p = 2
    for _ in range(n - 1):
        a, b, c = int(data[p]), int(data[p + 1]), int(data[p + 2])
        p += 3
        adj[a].append((b, c))
        adj[b].append((a, c))
    euler, first, depth, dist = build_euler(n, adj, 1)
    sp = SparseTable(euler, depth)
    out = []
    for _ in range(q):
        u, v = int(data[p]), int(data[p + 1])
        p += 2
        l, r = first[u], first[v]
        if l > r:
            l, r = r, l
        w = sp.query(l, r)
        out.append(dist[u] + dist[v] - 2 * dist[w])
    sys.stdout.write("\n".join(map(str, out)) + "\n")


main()

import sys


def input_reader():
    data = sys.stdin.buffer.read().split()
    pos = 0
    while pos < len(data):
        yield int(data[pos])
        pos += 1


class WeightedTree:
    def __init__(self, n):
        self.n = n
        self.adj = [[] for _ in range(n + 1)]

    def add_edge(self, u, v, w):
        self.adj[u].append((v, w))
        self.adj[v].append((u, w))

    def degree(self, v):
        return len(self.adj[v])

    def neighbors(self, v):
        return [w for w, _ in self.adj[v]]


class HeavyLightDecomposition:
    def __init__(self, tree, root=1):
        self.tree = tree
        n = tree.n
        self.root = root
        self.parent = [0] * (n + 1)
        self.depth = [0] * (n + 1)
        self.dist = [0] * (n + 1)
        self.size = [1] * (n + 1)
        self.heavy = [0] * (n + 1)
        self.head = [0] * (n + 1)
        self.pos = [0] * (n + 1)
        self._compute_sizes()
        self._decompose()

    def _compute_sizes(self):
        adj = self.tree.adj
        order = [self.root]
        self.parent[self.root] = 0
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            for w, c in adj[v]:
                if w != self.parent[v]:
                    self.parent[w] = v
                    self.depth[w] = self.depth[v] + 1
                    self.dist[w] = self.dist[v] + c
                    order.append(w)
        for v in reversed(order):
            p = self.parent[v]
            if p:
                self.size[p] += self.size[v]
        for v in order:
            best = 0
            best_size = 0
            for w, _ in adj[v]:
                if w != self.parent[v] and self.size[w] > best_size:
                    best_size = self.size[w]
                    best = w
            self.heavy[v] = best
        self.order = order

    def _decompose(self):
        adj = self.tree.adj
        counter = 0
        stack = [(self.root, self.root)]
        while stack:
            v, h = stack.pop()
            while v:
                self.head[v] = h
                self.pos[v] = counter
                counter += 1
                for w, _ in adj[v]:
                    if w != self.parent[v] and w != self.heavy[v]:
                        stack.append((w, w))
                v = self.heavy[v]

    def lca(self, u, v):
        head = self.head
        while head[u] != head[v]:
            if self.depth[head[u]] > self.depth[head[v]]:
                u = self.parent[head[u]]
            else:
                v = self.parent[head[v]]
        if self.depth[u] < self.depth[v]:
            return u
        return v

    def distance(self, u, v):
        a = self.lca(u, v)
        return self.dist[u] + self.dist[v] - 2 * self.dist[a]

    def path_length_in_edges(self, u, v):
        a = self.lca(u, v)
        return self.depth[u] + self.depth[v] - 2 * self.depth[a]

    def is_ancestor(self, a, v):
        return self.pos[a] <= self.pos[v] < self.pos[a] + self.size[a]


class QueryProcessor:
    def __init__(self, hld):
        self.hld = hld
        self.results = []

    def ask(self, u, v):
        if u == v:
            self.results.append(0)
            return
        self.results.append(self.hld.distance(u, v))

    def flush(self):
        sys.stdout.write("\n".join(map(str, self.results)))
        sys.stdout.write("\n")


def debug_dump(hld):
    n = hld.tree.n
    for v in range(1, n + 1):
        sys.stderr.write("v=%d parent=%d head=%d pos=%d size=%d\n" % (
            v, hld.parent[v], hld.head[v], hld.pos[v], hld.size[v]))


def main():
    reader = input_reader()
    n = next(reader)
    q = next(reader)
    tree = WeightedTree(n)
    for _ in range(n - 1):
        u = next(reader)
        v = next(reader)
        w = next(reader)
        tree.add_edge(u, v, w)
    hld = HeavyLightDecomposition(tree, 1)
    processor = QueryProcessor(hld)
    for _ in range(q):
        u = next(reader)
        v = next(reader)
        processor.ask(u, v)
    processor.flush()


if __name__ == "__main__":
    main()

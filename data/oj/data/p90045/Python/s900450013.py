import sys
from collections import deque


class FastReader:
    def __init__(self):
        self.tokens = sys.stdin.buffer.read().split()
        self.ptr = 0

    def int(self):
        x = int(self.tokens[self.ptr])
        self.ptr += 1
        return x

    def ints(self, k):
        res = list(map(int, self.tokens[self.ptr:self.ptr + k]))
        self.ptr += k
        return res


class Tree:
    def __init__(self, n):
        self.n = n
        self.adj = [[] for _ in range(n)]
        self.parent = None
        self.order = None
        self.depth = None

    def add_edge(self, u, v):
        self.adj[u].append(v)
        self.adj[v].append(u)

    def root_at(self, r):
        n = self.n
        parent = [-1] * n
        depth = [0] * n
        order = []
        visited = [False] * n
        visited[r] = True
        queue = deque([r])
        while queue:
            v = queue.popleft()
            order.append(v)
            for w in self.adj[v]:
                if not visited[w]:
                    visited[w] = True
                    parent[w] = v
                    depth[w] = depth[v] + 1
                    queue.append(w)
        self.parent = parent
        self.order = order
        self.depth = depth

    def children(self, v):
        return [w for w in self.adj[v] if w != self.parent[v]]

    def leaves(self):
        return [v for v in range(self.n) if len(self.adj[v]) <= 1]

    def height(self):
        if self.depth is None:
            return 0
        return max(self.depth)

    def subtree_sizes(self):
        size = [1] * self.n
        for v in reversed(self.order):
            p = self.parent[v]
            if p != -1:
                size[p] += size[v]
        return size


class PathSolver:
    def __init__(self, tree, weights):
        self.tree = tree
        self.weights = weights
        self.down = [0] * tree.n
        self.best = None

    def update(self, candidate):
        if self.best is None or candidate > self.best:
            self.best = candidate

    @staticmethod
    def top_two(values):
        first = 0
        second = 0
        for x in values:
            if x > first:
                first, second = x, first
            elif x > second:
                second = x
        return first, second

    def run(self):
        tree = self.tree
        if tree.order is None:
            tree.root_at(0)
        for v in reversed(tree.order):
            gains = [self.down[c] for c in tree.children(v)]
            first, second = self.top_two(gains)
            if gains:
                self.update(self.weights[v] + first + second)
            self.down[v] = self.weights[v] + first
        if self.best is None:
            return self.weights[0]
        return self.best


def debug_print_tree(tree):
    for v in range(tree.n):
        sys.stderr.write("%d -> %s\n" % (v + 1, [w + 1 for w in tree.adj[v]]))


def main():
    reader = FastReader()
    n = reader.int()
    weights = reader.ints(n)
    tree = Tree(n)
    for _ in range(n - 1):
        u, v = reader.ints(2)
        tree.add_edge(u - 1, v - 1)
    tree.root_at(0)
    solver = PathSolver(tree, weights)
    print(solver.run())


if __name__ == "__main__":
    main()

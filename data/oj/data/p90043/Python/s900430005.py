import sys
from collections import deque


class DAG:
    def __init__(self, n):
        self.n = n
        self.out_edges = [[] for _ in range(n)]
        self.in_edges = [[] for _ in range(n)]
        self.m = 0

    def add_edge(self, u, v, w):
        self.out_edges[u].append((v, w))
        self.in_edges[v].append((u, w))
        self.m += 1

    def in_degree(self, v):
        return len(self.in_edges[v])

    def out_degree(self, v):
        return len(self.out_edges[v])

    def topological_order(self):
        deg = [self.in_degree(v) for v in range(self.n)]
        queue = deque()
        for v in range(self.n):
            if deg[v] == 0:
                queue.append(v)
        order = []
        while queue:
            v = queue.popleft()
            order.append(v)
            for u, _ in self.out_edges[v]:
                deg[u] -= 1
                if deg[u] == 0:
                    queue.append(u)
        return order

    def reachable_from(self, s):
        seen = [False] * self.n
        seen[s] = True
        stack = [s]
        while stack:
            v = stack.pop()
            for u, _ in self.out_edges[v]:
                if not seen[u]:
                    seen[u] = True
                    stack.append(u)
        return seen

    def can_reach(self, t):
        seen = [False] * self.n
        seen[t] = True
        stack = [t]
        while stack:
            v = stack.pop()
            for u, _ in self.in_edges[v]:
                if not seen[u]:
                    seen[u] = True
                    stack.append(u)
        return seen

    def longest_path(self, s, t):
        fwd = self.reachable_from(s)
        if not fwd[t]:
            return None
        bwd = self.can_reach(t)
        order = self.topological_order()
        best = {}
        best[s] = 0
        for v in order:
            if not (fwd[v] and bwd[v]):
                continue
            if v == s:
                continue
            cands = []
            for u, w in self.in_edges[v]:
                if u in best:
                    cands.append(best[u] + w)
            if cands:
                best[v] = max(cands)
        return best.get(t)

    def sources(self):
        return [v for v in range(self.n) if not self.in_edges[v]]

    def sinks(self):
        return [v for v in range(self.n) if not self.out_edges[v]]

    def is_acyclic(self):
        return len(self.topological_order()) == self.n

    def shortest_path(self, s, t):
        fwd = self.reachable_from(s)
        if not fwd[t]:
            return None
        low = {s: 0}
        for v in self.topological_order():
            if v not in low:
                continue
            for u, w in self.out_edges[v]:
                cand = low[v] + w
                if u not in low or cand < low[u]:
                    low[u] = cand
        return low.get(t)

    def count_paths(self, s, t):
        ways = [0] * self.n
        ways[s] = 1
        for v in self.topological_order():
            if ways[v] == 0:
                continue
            for u, _ in self.out_edges[v]:
                ways[u] += ways[v]
        return ways[t]

    def longest_edges_path(self):
        order = self.topological_order()
        length = [0] * self.n
        for v in order:
            for u, _ in self.out_edges[v]:
                if length[v] + 1 > length[u]:
                    length[u] = length[v] + 1
        return max(length) if length else 0

    def show(self):
        for v in range(self.n):
            print(v + 1, [(u + 1, w) for u, w in self.out_edges[v]], file=sys.stderr)


def parse(text):
    tokens = text.split()
    n = int(tokens[0])
    m = int(tokens[1])
    edges = []
    for i in range(m):
        a = int(tokens[2 + 3 * i]) - 1
        b = int(tokens[3 + 3 * i]) - 1
        w = int(tokens[4 + 3 * i])
        edges.append((a, b, w))
    return n, edges


def main():
    n, edges = parse(sys.stdin.read())
    dag = DAG(n)
    for a, b, w in edges:
        dag.add_edge(a, b, w)
    result = dag.longest_path(0, n - 1)
    if result is None:
        print("IMPOSSIBLE")
    else:
        print(result)


if __name__ == "__main__":
    main()

import sys

UNCOLORED = -1
TEAM_A = 0
TEAM_B = 1


class InputParser:
    def __init__(self, text):
        self.tokens = text.split()
        self.index = 0

    def has_next(self):
        return self.index < len(self.tokens)

    def next_int(self):
        value = int(self.tokens[self.index])
        self.index += 1
        return value

    def next_pair(self):
        a = self.next_int()
        b = self.next_int()
        return a, b


class SimpleQueue:
    def __init__(self):
        self.items = []
        self.front = 0

    def push(self, item):
        self.items.append(item)

    def pop(self):
        item = self.items[self.front]
        self.front += 1
        if self.front > 1024 and self.front * 2 > len(self.items):
            self.items = self.items[self.front:]
        return item

    def empty(self):
        return self.front >= len(self.items)

    def clear(self):
        self.items = []
        self.front = 0


class Graph:
    def __init__(self, n):
        self.n = n
        self.adj = [[] for _ in range(n + 1)]
        self.edge_count = 0

    def add_edge(self, a, b):
        self.adj[a].append(b)
        self.adj[b].append(a)
        self.edge_count += 1

    def degree(self, v):
        return len(self.adj[v])

    def vertices(self):
        return range(1, self.n + 1)

    def is_isolated(self, v):
        return not self.adj[v]


class Component:
    def __init__(self, root):
        self.root = root
        self.members = []
        self.count = [0, 0]
        self.consistent = True

    def add(self, v, team):
        self.members.append(v)
        self.count[team] += 1

    def size(self):
        return len(self.members)

    def best_team_a(self):
        return max(self.count)

    def __repr__(self):
        return "Component(root=%d, size=%d, count=%s, ok=%s)" % (
            self.root, self.size(), self.count, self.consistent)


class BipartiteSolver:
    def __init__(self, graph):
        self.graph = graph
        self.team = [UNCOLORED] * (graph.n + 1)
        self.components = []

    def explore(self, root):
        comp = Component(root)
        queue = SimpleQueue()
        self.team[root] = TEAM_A
        comp.add(root, TEAM_A)
        queue.push(root)
        while not queue.empty():
            v = queue.pop()
            current = self.team[v]
            for w in self.graph.adj[v]:
                if self.team[w] == UNCOLORED:
                    self.team[w] = 1 - current
                    comp.add(w, 1 - current)
                    queue.push(w)
                elif self.team[w] == current:
                    comp.consistent = False
        return comp

    def run(self):
        for v in self.graph.vertices():
            if self.team[v] == UNCOLORED:
                self.components.append(self.explore(v))
        return self

    def is_bipartite(self):
        for comp in self.components:
            if not comp.consistent:
                return False
        return True

    def max_team_a(self):
        if not self.is_bipartite():
            return -1
        total = 0
        for comp in self.components:
            total += comp.best_team_a()
        return total

    def assignment(self):
        if not self.is_bipartite():
            return None
        result = [UNCOLORED] * (self.graph.n + 1)
        for comp in self.components:
            flip = comp.count[TEAM_B] > comp.count[TEAM_A]
            for v in comp.members:
                t = self.team[v]
                result[v] = 1 - t if flip else t
        return result

    def largest_component(self):
        best = None
        for comp in self.components:
            if best is None or comp.size() > best.size():
                best = comp
        return best

    def summary(self):
        lines = []
        for comp in self.components:
            lines.append(repr(comp))
        return "\n".join(lines)

    def verify(self):
        for v in self.graph.vertices():
            for w in self.graph.adj[v]:
                if self.team[v] == self.team[w]:
                    return False
        return True


def debug(*args):
    sys.stderr.write(" ".join(map(str, args)) + "\n")


def build_graph(parser):
    n = parser.next_int()
    m = parser.next_int()
    graph = Graph(n)
    for _ in range(m):
        a, b = parser.next_pair()
        graph.add_edge(a, b)
    return graph


def main():
    parser = InputParser(sys.stdin.read())
    graph = build_graph(parser)
    solver = BipartiteSolver(graph).run()
    print(solver.max_team_a())


if __name__ == "__main__":
    main()

import sys
import math


class Point:
    def __init__(self, index, x, y):
        self.index = index
        self.x = x
        self.y = y

    def squared_distance(self, other):
        dx = self.x - other.x
        dy = self.y - other.y
        return dx * dx + dy * dy

    def distance(self, other):
        return math.sqrt(self.squared_distance(other))

    def __repr__(self):
        return "Point(%d, %d, %d)" % (self.index, self.x, self.y)


class Edge:
    def __init__(self, u, v, key):
        self.u = u
        self.v = v
        self.key = key

    def __lt__(self, other):
        return self.key < other.key

    def __repr__(self):
        return "Edge(%d, %d, %s)" % (self.u, self.v, self.key)


class DisjointSet:
    def __init__(self, n):
        self.parent = list(range(n))
        self.rank = [0] * n
        self.count = n

    def find(self, x):
        root = x
        while self.parent[root] != root:
            root = self.parent[root]
        while x != root:
            nxt = self.parent[x]
            self.parent[x] = root
            x = nxt
        return root

    def union(self, a, b):
        ra = self.find(a)
        rb = self.find(b)
        if ra == rb:
            return False
        if self.rank[ra] < self.rank[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        if self.rank[ra] == self.rank[rb]:
            self.rank[ra] += 1
        self.count -= 1
        return True

    def connected(self, a, b):
        return self.find(a) == self.find(b)

    def components(self):
        return self.count


class Scanner:
    def __init__(self):
        self.buffer = sys.stdin.read().split()
        self.index = 0

    def next_int(self):
        token = self.buffer[self.index]
        self.index += 1
        return int(token)


class CableNetwork:
    def __init__(self, points):
        self.points = points
        self.n = len(points)
        self.dsu = DisjointSet(self.n)
        self.used_edges = []

    def add_existing_cable(self, u, v):
        self.dsu.union(u, v)

    def candidate_edges(self):
        edges = []
        pts = self.points
        for i in range(self.n):
            for j in range(i + 1, self.n):
                edges.append(Edge(i, j, pts[i].squared_distance(pts[j])))
        edges.sort()
        return edges

    def build(self):
        if self.dsu.components() == 1:
            return 0.0
        total = 0.0
        for edge in self.candidate_edges():
            if self.dsu.union(edge.u, edge.v):
                total += math.sqrt(edge.key)
                self.used_edges.append(edge)
                if self.dsu.components() == 1:
                    break
        return total

    def describe(self):
        lines = []
        for e in self.used_edges:
            lines.append("%d-%d %.3f" % (e.u + 1, e.v + 1, math.sqrt(e.key)))
        return "\n".join(lines)


def solve():
    sc = Scanner()
    n = sc.next_int()
    m = sc.next_int()
    points = []
    for i in range(n):
        x = sc.next_int()
        y = sc.next_int()
        points.append(Point(i, x, y))
    network = CableNetwork(points)
    for _ in range(m):
        u = sc.next_int() - 1
        v = sc.next_int() - 1
        network.add_existing_cable(u, v)
    return network.build()


def main():
    answer = solve()
    sys.stdout.write("%.12f\n" % answer)


if __name__ == "__main__":
    main()

import sys


class MinHeap:
    def __init__(self):
        self.data = []

    def __len__(self):
        return len(self.data)

    def push(self, key, value):
        self.data.append((key, value))
        self._sift_up(len(self.data) - 1)

    def pop(self):
        top = self.data[0]
        last = self.data.pop()
        if self.data:
            self.data[0] = last
            self._sift_down(0)
        return top

    def peek(self):
        return self.data[0]

    def _sift_up(self, i):
        data = self.data
        item = data[i]
        while i > 0:
            parent = (i - 1) >> 1
            if data[parent][0] > item[0]:
                data[i] = data[parent]
                i = parent
            else:
                break
        data[i] = item

    def _sift_down(self, i):
        data = self.data
        n = len(data)
        item = data[i]
        while True:
            left = 2 * i + 1
            if left >= n:
                break
            right = left + 1
            child = left
            if right < n - 1 and data[right][0] < data[left][0]:
                child = right
            if data[child][0] < item[0]:
                data[i] = data[child]
                i = child
            else:
                break
        data[i] = item


class Graph:
    def __init__(self, n):
        self.n = n
        self.adj = [[] for _ in range(n)]
        self.edge_count = 0

    def add_edge(self, u, v, w):
        self.adj[u].append((v, w))
        self.edge_count += 1

    def dijkstra(self, source):
        INF = float("inf")
        dist = [INF] * self.n
        done = [False] * self.n
        dist[source] = 0
        heap = MinHeap()
        heap.push(0, source)
        while len(heap) > 0:
            d, u = heap.pop()
            if done[u]:
                continue
            done[u] = True
            for v, w in self.adj[u]:
                if done[v]:
                    continue
                nd = d + w
                if nd < dist[v]:
                    dist[v] = nd
                    heap.push(nd, v)
        return dist

    def out_degree(self, u):
        return len(self.adj[u])

    def dump(self):
        lines = []
        for u in range(self.n):
            row = " ".join("%d(%d)" % (v + 1, w) for v, w in self.adj[u])
            lines.append("%d: %s" % (u + 1, row))
        return "\n".join(lines)


class Reader:
    def __init__(self, stream):
        self.tokens = stream.read().split()
        self.pos = 0

    def next_int(self):
        value = int(self.tokens[self.pos])
        self.pos += 1
        return value

    def next_ints(self, k):
        values = [int(x) for x in self.tokens[self.pos:self.pos + k]]
        self.pos += k
        return values


def debug(*args):
    print(*args, file=sys.stderr)


def format_distance(d):
    if d == float("inf"):
        return "-1"
    return str(d)


def solve(reader):
    n = reader.next_int()
    m = reader.next_int()
    graph = Graph(n)
    for _ in range(m):
        a, b, c = reader.next_ints(3)
        graph.add_edge(a - 1, b - 1, c)
    dist = graph.dijkstra(0)
    return [format_distance(d) for d in dist]


def main():
    reader = Reader(sys.stdin)
    result = solve(reader)
    sys.stdout.write("\n".join(result) + "\n")


if __name__ == "__main__":
    main()

import sys

INF = 1 << 62


class SegmentTreeMin:

    def __init__(self, n):
        size = 1
        while size < n:
            size <<= 1
        self.size = size
        self.val = [INF] * (2 * size)
        self.arg = [0] * (2 * size)
        for i in range(size):
            self.arg[size + i] = i
        for i in range(size - 1, 0, -1):
            self.arg[i] = self.arg[2 * i]

    def update(self, i, x):
        k = i + self.size
        self.val[k] = x
        k >>= 1
        while k:
            l = 2 * k
            r = l + 1
            if self.val[l] <= self.val[r]:
                self.val[k] = self.val[l]
                self.arg[k] = self.arg[l]
            else:
                self.val[k] = self.val[r]
                self.arg[k] = self.arg[r]
            k >>= 1

    def top(self):
        return self.val[1], self.arg[1]

    def get(self, i):
        return self.val[i + self.size]


def read_graph():
    it = iter(sys.stdin.read().split())
    n = int(next(it))
    m = int(next(it))
    g = [[] for _ in range(n)]
    for _ in range(m):
        a = int(next(it)) - 1
        b = int(next(it)) - 1
        c = int(next(it))
        g[a].append((b, c))
    return n, g


def shortest(n, g, s):
    dist = [INF] * n
    fixed = [False] * n
    seg = SegmentTreeMin(n)
    dist[s] = 0
    seg.update(s, 0)
    while True:
        d, u = seg.top()
        if d == INF:
            break
        seg.update(u, INF)
        fixed[u] = True
        for v, c in g[u]:
            if fixed[v]:
                continue
            if d + c < dist[v]:
                dist[v] = d + c
                seg.update(v, dist[v])
    return dist


def main():
    n, g = read_graph()
    dist = shortest(n, g, 0)
    out = []
    for x in dist:
        if x >= INF:
            out.append("-1")
        else:
            out.append(str(x))
    sys.stdout.write("\n".join(out) + "\n")


main()

from collections import deque
import sys


class Edge:
    def __init__(self, to, cost):
        self.to = to
        self.cost = cost


def read_graph(readline):
    n, m = map(int, readline().split())
    adj = [[] for _ in range(n)]
    for _ in range(m):
        a, b, c = map(int, readline().split())
        adj[a - 1].append(Edge(b - 1, c))
    return n, m, adj


def spfa(n, adj, source):
    dist = [None] * n
    dist[source] = 0
    in_queue = [False] * n
    q = deque([source])
    in_queue[source] = True
    while q:
        u = q.popleft()
        in_queue[u] = False
        du = dist[u]
        for e in adj[u]:
            v = e.to
            nd = du + e.cost
            if dist[v] is None or nd < dist[v]:
                dist[v] = nd
                if not in_queue[v]:
                    in_queue[v] = True
                    if q and dist[v] < dist[q[0]]:
                        q.appendleft(v)
                    else:
                        q.append(v)
    return dist


def count_reachable(dist):
    return sum(1 for d in dist if d is not None)


def solve():
    readline = sys.stdin.readline
    n, m, adj = read_graph(readline)
    dist = spfa(n, adj, 0)
    res = []
    for d in dist:
        res.append(str(d) if d is not None else "-1")
    return res


def main():
    lines = solve()
    print("\n".join(lines))


main()

import sys
import math


def main():
    input = sys.stdin.readline
    n, m = map(int, input().split())
    xs = []
    ys = []
    for _ in range(n):
        x, y = map(int, input().split())
        xs.append(x)
        ys.append(y)
    linked = [set() for _ in range(n)]
    for _ in range(m):
        u, v = map(int, input().split())
        linked[u - 1].add(v - 1)
        linked[v - 1].add(u - 1)

    INF = float("inf")
    dist = [INF] * n
    used = [False] * n
    dist[0] = 0.0
    total = 0.0
    for _ in range(n):
        u = -1
        for i in range(n):
            if not used[i] and (u == -1 or dist[i] < dist[u]):
                u = i
        used[u] = True
        total += dist[u]
        xu, yu = xs[u], ys[u]
        for v in range(n):
            if used[v]:
                continue
            if v in linked[u]:
                d = 0.0
            else:
                d = math.sqrt((xs[v] - xu) ** 2 + (ys[v] - yu) ** 2)
            if d < dist[v]:
                dist[v] = d
    print("%.10f" % total)


if __name__ == "__main__":
    main()

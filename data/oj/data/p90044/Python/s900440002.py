import sys
import math


def main():
    input = sys.stdin.readline
    n, m = map(int, input().split())
    px = []
    py = []
    for _ in range(n):
        x, y = map(int, input().split())
        px.append(x)
        py.append(y)
    cable = [set() for _ in range(n)]
    for _ in range(m):
        u, v = map(int, input().split())
        cable[u - 1].add(v - 1)
        cable[v - 1].add(u - 1)

    INF = float("inf")
    best = [INF] * n
    done = [False] * n
    best[0] = 0.0
    ans = 0.0
    for _ in range(n):
        u = -1
        for i in range(n):
            if not done[i] and (u == -1 or best[i] < best[u]):
                u = i
        done[u] = True
        ans += best[u]
        for v in range(n):
            if done[v]:
                continue
            if v in cable[u]:
                d = 0.0
            else:
                d = math.hypot(px[v] - px[u], py[v] - py[u])
            if d < best[v]:
                best[v] = d
    print("%.10f" % ans)


if __name__ == "__main__":
    main()

import sys
import heapq


def main():
    input = sys.stdin.readline
    n, m = map(int, input().split())
    graph = [[] for _ in range(n + 1)]
    for _ in range(m):
        a, b, c = map(int, input().split())
        graph[a].append((b, c))

    INF = 10 ** 18
    dist = [INF] * (n + 1)
    dist[1] = 0
    hq = [(0, 1)]
    while hq:
        d, u = heapq.heappop(hq)
        if d > dist[u]:
            continue
        for v, c in graph[u]:
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(hq, (nd, v))

    out = []
    for i in range(1, n + 1):
        if dist[i] == INF:
            out.append(-1)
        else:
            out.append(dist[i])
    print("\n".join(map(str, out)))


if __name__ == "__main__":
    main()

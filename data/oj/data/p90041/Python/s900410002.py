import sys
import heapq


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    m = int(data[1])
    g = [[] for _ in range(n + 1)]
    p = 2
    for _ in range(m):
        a = int(data[p])
        b = int(data[p + 1])
        c = int(data[p + 2])
        p += 3
        g[a].append((b, c))

    INF = 10 ** 18
    dist = [INF] * (n + 1)
    dist[1] = 0
    que = [(0, 1)]
    while que:
        d, u = heapq.heappop(que)
        if d > dist[u]:
            continue
        for v, c in g[u]:
            nd = d + c
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(que, (nd, v))

    ans = []
    for i in range(1, n + 1):
        if dist[i] == INF:
            ans.append(-1)
        else:
            ans.append(dist[i])
    print("\n".join(map(str, ans)))


if __name__ == "__main__":
    main()

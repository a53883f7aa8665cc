import sys
import math
import heapq

def main():
    input = sys.stdin.readline
    N, M = map(int, input().split())
    towns = [tuple(map(int, input().split())) for _ in range(N)]
    g = [[] for _ in range(N)]
    for _ in range(M):
        u, v = map(int, input().split())
        u -= 1
        v -= 1
        g[u].append((0.0, v))
        g[v].append((0.0, u))
    for i in range(N):
        for j in range(i + 1, N):
            d = math.hypot(towns[i][0] - towns[j][0], towns[i][1] - towns[j][1])
            g[i].append((d, j))
            g[j].append((d, i))

    seen = [False] * N
    seen[0] = True
    pq = list(g[0])
    heapq.heapify(pq)
    res = 0.0
    while pq:
        d, v = heapq.heappop(pq)
        if seen[v]:
            continue
        seen[v] = True
        res += d
        for e in g[v]:
            if not seen[e[1]]:
                heapq.heappush(pq, e)
    print(f"{res:.4f}")

main()

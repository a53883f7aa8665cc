import heapq
import sys


def neighbours(v, H, W):
    y, x = divmod(v, W)
    res = []
    if y > 0:
        res.append(v - W)
    if y < H - 1:
        res.append(v + W)
    if x > 0:
        res.append(v - 1)
    if x < W - 1:
        res.append(v + 1)
    return res


def dijkstra(cells, H, W, start, goal):
    INF = float("inf")
    dist = [INF] * (H * W)
    dist[start] = 0
    pq = [(0, start)]
    while pq:
        d, v = heapq.heappop(pq)
        if d > dist[v]:
            continue
        if v == goal:
            break
        for u in neighbours(v, H, W):
            ch = cells[u]
            if ch == "X":
                continue
            nd = d + (ch == "#")
            if nd < dist[u]:
                dist[u] = nd
                heapq.heappush(pq, (nd, u))
    return dist[goal] if dist[goal] != INF else -1


def main():
    H, W = map(int, sys.stdin.readline().split())
    S = [sys.stdin.readline().rstrip() for _ in range(H)]
    cells = "".join(S)
    start = cells.index("S")
    goal = cells.index("G")
    print(dijkstra(cells, H, W, start, goal))


main()

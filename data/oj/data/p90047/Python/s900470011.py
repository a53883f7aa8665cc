import sys
import heapq


def main():
    H, W = map(int, sys.stdin.readline().split())
    rows = [sys.stdin.readline().rstrip("\n") for _ in range(H)]
    WW = W + 2
    board = "#" * WW
    for r in rows:
        board += "#" + r + "#"
    board += "#" * WW
    # padded board
    s = board.index("S")
    g = board.index("G")
    INF = 1 << 60
    dist = [INF] * len(board)
    dist[s] = 0
    hq = [(0, s)]
    moves = (1, -1, WW, -WW)
    while hq:
        d, v = heapq.heappop(hq)
        if v == g:
            break
        if d > dist[v]:
            continue
        for mv in moves:
            u = v + mv
            if u < 0 or u >= len(board):
                continue
            c = board[u]
            if c == "X":
                continue
            nd = d + 1 if c == "#" else d
            if nd < dist[u]:
                dist[u] = nd
                heapq.heappush(hq, (nd, u))
    print(dist[g] if dist[g] < INF else -1)


main()

import sys
from collections import deque


def main():
    h, w = map(int, sys.stdin.readline().split())
    grid = [sys.stdin.readline().strip() for _ in range(h)]
    for i in range(h):
        for j in range(w):
            if grid[i][j] == "S":
                sy, sx = i, j
            elif grid[i][j] == "G":
                gy, gx = i, j

    INF = 10 ** 9
    cost = [[INF] * w for _ in range(h)]
    cost[sy][sx] = 0
    dq = deque()
    dq.append((0, sy, sx))
    while dq:
        d, y, x = dq.popleft()
        if d > cost[y][x]:
            continue
        for dy, dx in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
            ny = y + dy
            nx = x + dx
            if not (0 <= ny < h and 0 <= nx < w - 1):
                continue
            c = grid[ny][nx]
            if c == "X":
                continue
            if c == "#":
                if d + 1 < cost[ny][nx]:
                    cost[ny][nx] = d + 1
                    dq.append((d + 1, ny, nx))
            else:
                if d < cost[ny][nx]:
                    cost[ny][nx] = d
                    dq.appendleft((d, ny, nx))

    if cost[gy][gx] < INF:
        print(cost[gy][gx])
    else:
        print(-1)


if __name__ == "__main__":
    main()

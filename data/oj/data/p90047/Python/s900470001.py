import sys
from collections import deque


def main():
    input = sys.stdin.readline
    h, w = map(int, input().split())
    grid = [input().rstrip() for _ in range(h)]
    for i in range(h):
        for j in range(w):
            if grid[i][j] == "S":
                sy, sx = i, j
            elif grid[i][j] == "G":
                gy, gx = i, j

    INF = 10 ** 9
    dist = [[INF] * w for _ in range(h)]
    dist[sy][sx] = 0
    dq = deque([(0, sy, sx)])
    while dq:
        d, y, x = dq.popleft()
        if d > dist[y][x]:
            continue
        for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            ny, nx = y + dy, x + dx
            if not (0 <= ny < h and 0 <= nx < w):
                continue
            c = grid[ny][nx]
            if c == "X":
                continue
            if c == "#":
                if d + 1 < dist[ny][nx]:
                    dist[ny][nx] = d + 1
                    dq.append((d + 1, ny, nx))
            else:
                if d < dist[ny][nx]:
                    dist[ny][nx] = d
                    dq.appendleft((d, ny, nx))

    ans = dist[gy][gx]
    print(ans if ans < INF else -1)


if __name__ == "__main__":
    main()

import sys
from collections import deque

input = sys.stdin.readline
sys.setrecursionlimit(1 << 20)

INF = 1 << 60
dx4 = [1, 0, -1, 0]
dy4 = [0, 1, 0, -1]


def read_int():
    return int(input())


def read_ints():
    return map(int, input().split())


def read_list():
    return list(map(int, input().split()))


def print_list(values, sep=" "):
    print(sep.join(map(str, values)))


def ceil_div(a, b):
    return -(-a // b)


def bfs_grid(grid, sy, sx):
    h = len(grid)
    w = len(grid[0])
    dist = [[-1] * w for _ in range(h)]
    dist[sy][sx] = 0
    q = deque([(sy, sx)])
    while q:
        y, x = q.popleft()
        for d in range(4):
            ny = y + dy4[d]
            nx = x + dx4[d]
            if 0 <= ny < h and 0 <= nx < w and grid[ny][nx] != "#" and dist[ny][nx] < 0:
                dist[ny][nx] = dist[y][x] + 1
                q.append((ny, nx))
    return dist


n, s = read_ints()
a = read_list()

r = 0
total = 0
ans = 0
for l in range(n):
    while r < n and total + a[r] <= s:
        total += a[r]
        r += 1
    ans += r - l
    if r > l:
        total -= a[l]
print(ans)

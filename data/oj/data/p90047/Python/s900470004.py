import sys


def solve():
    data = sys.stdin.read().split()
    h, w = int(data[0]), int(data[1])
    g = data[2:2 + h]
    start = goal = None
    for i in range(h):
        for j in range(w):
            if g[i][j] == "S":
                start = (i, j)
            if g[i][j] == "G":
                goal = (i, j)

    level = [[-1] * w for _ in range(h)]
    frontier = [start]
    level[start[0]][start[1]] = 0
    k = 0
    while frontier:
        stack = list(frontier)
        reached = list(frontier)
        while stack:
            y, x = stack.pop()
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= ny < h and 0 <= nx < w and level[ny][nx] == -1:
                    c = g[ny][nx]
                    if c != "#" and c != "X":
                        level[ny][nx] = k
                        stack.append((ny, nx))
                        reached.append((ny, nx))
        if level[goal[0]][goal[1]] != -1:
            return level[goal[0]][goal[1]]
        nxt = []
        for y, x in reached:
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= ny < h and 0 <= nx < w and level[ny][nx] == -1 and g[ny][nx] == "#":
                    level[ny][nx] = k + 1
                    nxt.append((ny, nx))
        frontier = nxt
        k += 1
    return -1


print(solve())

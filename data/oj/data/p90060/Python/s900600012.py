import re
import sys


def read():
    data = sys.stdin.read().split()
    h = int(data[0])
    w = int(data[1])
    grid = data[2:2 + h]
    cmd = data[2 + h]
    return h, w, grid, cmd


def find_start(grid):
    for i, row in enumerate(grid):
        if 'S' in row:
            return i, row.index('S')
    return 0, 0


def free(h, w, grid, r, c):
    return 0 <= r < h and 0 <= c < w and grid[r][c] != '#'


def simulate(h, w, grid, cmd):
    dirs = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}
    r, c = find_start(grid)
    if not any(free(h, w, grid, r + dr, c + dc) for dr, dc in dirs.values()):
        total = sum(int(x) for x in re.findall(r'\d+', cmd))
        return r, c, 1, total
    path = {(r, c)}
    bumps = 0
    for d, num in re.findall(r'([UDLR])(\d*)', cmd):
        k = int(num) if num else 1
        dr, dc = dirs[d]
        moved = 0
        while moved < k and free(h, w, grid, r + dr, c + dc):
            r += dr
            c += dc
            path.add((r, c))
            moved += 1
        bumps += k - moved
    return r, c, len(path), bumps


def main():
    h, w, grid, cmd = read()
    r, c, cells, bumps = simulate(h, w, grid, cmd)
    print(r + 1, c + 1)
    print(cells)
    print(bumps)


main()

import sys
from functools import lru_cache

sys.setrecursionlimit(10 ** 5)


def solve(h, w, cells):
    blocked = [[c == "#" for c in row] for row in cells]
    value = [[0 if c == "#" else int(c) for c in row] for row in cells]

    @lru_cache(maxsize=None)
    def best_from(i, j):
        if blocked[i][j]:
            return None
        if i == h - 1 and j == w - 1:
            return value[i][j]
        options = []
        if i + 1 < h:
            down = best_from(i + 1, j)
            if down is not None:
                options.append(down)
        if j + 1 < w:
            right = best_from(i, j + 1)
            if right is not None:
                options.append(right)
        if not options:
            return None
        return value[i][j] + max(options)

    for s in range(h + w - 2, -1, -1):
        for i in range(h):
            j = s - i
            if 0 <= j < w:
                best_from(i, j)
    return best_from(0, 0)


def main():
    data = sys.stdin.read().split()
    h = int(data[0])
    w = int(data[1])
    cells = [data[2 + i * w: 2 + (i + 1) * w] for i in range(h)]
    res = solve(h, w, cells)
    print("Impossible" if res is None else res)


main()

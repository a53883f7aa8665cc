import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        h = rng.randint(1, 3)
        w = rng.randint(1, 4)
        if h * w < 2:
            w = 2
    elif kind in (3, 4):
        h = 40
        w = 40
    else:
        h = rng.randint(2, 25)
        w = rng.randint(2, 25)
    p_wall = rng.choice([0.0, 0.2, 0.4, 0.6])
    p_block = rng.choice([0.0, 0.05, 0.15, 0.3])
    grid = []
    for _ in range(h):
        row = []
        for _ in range(w):
            r = rng.random()
            if r < p_block:
                row.append("X")
            elif r < p_block + p_wall:
                row.append("#")
            else:
                row.append(".")
        grid.append(row)
    cells = [(i, j) for i in range(h) for j in range(w)]
    (si, sj), (gi, gj) = rng.sample(cells, 2)
    grid[si][sj] = "S"
    grid[gi][gj] = "G"
    print(h, w)
    for row in grid:
        print("".join(row))


main()

import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        h = rng.randint(1, 4)
        w = rng.randint(1, 4)
    elif r < 0.8:
        h = rng.randint(2, 25)
        w = rng.randint(2, 25)
    else:
        h = rng.randint(35, 40)
        w = rng.randint(35, 40)
    lo, hi = rng.choice([(-9, 9), (-9, 9), (-100, 100), (0, 9), (-5, 20), (-100, -1), (0, 0), (-3, 3)])
    density = rng.choice([0.0, 0.0, 0.03, 0.1, 0.2, 0.3])
    rows = []
    for i in range(h):
        row = []
        for j in range(w):
            if (i, j) != (0, 0) and (i, j) != (h - 1, w - 1) and rng.random() < density:
                row.append("#")
            else:
                row.append(str(rng.randint(lo, hi)))
        rows.append(row)
    print(h, w)
    for row in rows:
        print(" ".join(row))


main()

import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        h, w = rng.randint(1, 3), rng.randint(1, 3)
        m = rng.randint(1, 5)
    elif r < 0.8:
        h, w = rng.randint(2, 20), rng.randint(2, 20)
        m = rng.randint(5, 60)
    else:
        h, w = rng.randint(35, 50), rng.randint(35, 50)
        m = rng.randint(150, 300)
    dens = rng.choice([0.0, 0.1, 0.25, 0.4])
    grid = [["#" if rng.random() < dens else "." for _ in range(w)] for _ in range(h)]
    sr, sc = rng.randrange(h), rng.randrange(w)
    grid[sr][sc] = "S"
    zeros = rng.random() < 0.3
    maxc = rng.choice([9, 20, 100, 10 ** 9])
    longp = rng.choice([0.05, 0.15, 0.3])
    cmds = []
    length = 0
    for _ in range(m):
        d = rng.choice("UDLR")
        x = rng.random()
        if zeros and x < 0.05:
            t = d + "0"
        elif x < 0.4:
            t = d
        elif x < 1 - longp:
            t = d + str(rng.randint(1, 9))
        else:
            t = d + str(rng.randint(1, maxc))
        if length + len(t) > 1000:
            break
        cmds.append(t)
        length += len(t)
    print(h, w)
    for row in grid:
        print("".join(row))
    print("".join(cmds))


main()

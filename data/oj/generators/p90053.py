import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 3)
    elif r < 0.8:
        n = rng.randint(4, 7)
    else:
        n = 8
    hi = rng.choice([10, 100, 1000, 10 ** 6])
    missing = rng.choice([0.0, 0.0, 0.15, 0.3, 0.5])
    symmetric = rng.random() < 0.3
    c = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if symmetric and j < i:
                c[i][j] = c[j][i]
                continue
            if rng.random() < missing:
                c[i][j] = -1
            else:
                c[i][j] = rng.randint(1, hi)
    print(n)
    for row in c:
        print(" ".join(map(str, row)))


main()

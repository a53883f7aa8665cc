import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 5)
        m = rng.randint(0, 8)
        hi = rng.choice([0, 3, 10])
    elif kind in (3, 4):
        n = 500
        m = rng.randint(2000, 3000)
        hi = rng.choice([10, 1000, 10 ** 9])
    else:
        n = rng.randint(5, 150)
        m = rng.randint(0, min(3000, 3 * n))
        hi = rng.choice([1, 10, 1000, 10 ** 6, 10 ** 9])
    edges = []
    for _ in range(m):
        a = rng.randint(1, n)
        if rng.random() < 0.15:
            b = min(n, a + rng.randint(0, 3))
        else:
            b = rng.randint(1, n)
        c = rng.randint(0, hi)
        edges.append((a, b, c))
    print(n, m)
    for a, b, c in edges:
        print(a, b, c)


main()

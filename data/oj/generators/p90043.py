import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 5)
        m = rng.randint(0, 8) if n > 1 else 0
    elif kind in (3, 4):
        n = 1000
        m = rng.randint(2000, 3000)
    else:
        n = rng.randint(5, 200)
        m = rng.randint(0, min(3000, 4 * n))
    lo, hi = rng.choice([(-10, 10), (-3, 5), (-1000, 1000), (-10 ** 9, 10 ** 9),
                         (0, 100), (-100, -1), (-10 ** 9, -10 ** 8)])
    order = list(range(1, n + 1))
    rng.shuffle(order)
    if rng.random() < 0.7 and n > 1:
        i = order.index(1)
        j = order.index(n)
        if i > j:
            order[i], order[j] = order[j], order[i]
    edges = []
    for _ in range(m):
        i = rng.randint(0, n - 2)
        if rng.random() < 0.5:
            j = min(n - 1, i + rng.randint(1, 3))
        else:
            j = rng.randint(i + 1, n - 1)
        edges.append((order[i], order[j], rng.randint(lo, hi)))
    print(n, len(edges))
    for a, b, w in edges:
        print(a, b, w)


main()

import random
import sys


def random_tree(rng, n):
    shape = rng.choice(["random", "random", "path", "star", "caterpillar", "deep"])
    par = [0] * n
    for i in range(1, n):
        if shape == "random":
            par[i] = rng.randint(0, i - 1)
        elif shape == "path":
            par[i] = i - 1
        elif shape == "star":
            par[i] = 0
        elif shape == "caterpillar":
            par[i] = i - 1 if i % 2 == 1 or i < 2 else i - 2
        else:
            par[i] = rng.randint(max(0, i - 3), i - 1)
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges = []
    for i in range(1, n):
        u, v = perm[i], perm[par[i]]
        if rng.random() < 0.5:
            u, v = v, u
        edges.append((u, v))
    rng.shuffle(edges)
    return edges


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 5)
    elif kind in (3, 4):
        n = 400
    else:
        n = rng.randint(5, 150)
    lo, hi = rng.choice([(-10, 10), (-10 ** 9, 10 ** 9), (-5, 1), (-100, -1),
                         (0, 100), (-3, 3), (-1000, 1000), (-10 ** 9, 10 ** 6)])
    a = [rng.randint(lo, hi) for _ in range(n)]
    print(n)
    print(*a)
    for u, v in random_tree(rng, n):
        print(u, v)


main()

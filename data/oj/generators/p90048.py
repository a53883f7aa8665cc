import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 6)
        m = rng.randint(0, 6) if n > 1 else 0
    elif kind in (3, 4):
        n = 2000
        m = rng.randint(1000, 4000)
    else:
        n = rng.randint(5, 300)
        m = rng.randint(0, min(4000, 2 * n))
    mode = rng.choices(["bip", "random", "bip1"], [5, 3, 2])[0]
    side = [rng.randint(0, 1) for _ in range(n + 1)]
    left = [v for v in range(1, n + 1) if side[v] == 0]
    right = [v for v in range(1, n + 1) if side[v] == 1]
    if not left or not right:
        mode = "random"
    edges = []
    for _ in range(m):
        if mode == "random":
            a = rng.randint(1, n)
            b = rng.randint(1, n - 1)
            if b >= a:
                b += 1
        else:
            a = rng.choice(left)
            b = rng.choice(right)
            if rng.random() < 0.5:
                a, b = b, a
        edges.append((a, b))
    if mode == "bip1" and n > 1:
        a = rng.randint(1, n)
        b = rng.randint(1, n - 1)
        if b >= a:
            b += 1
        edges.insert(rng.randint(0, len(edges)), (a, b))
    print(n, len(edges))
    for a, b in edges:
        print(a, b)


main()

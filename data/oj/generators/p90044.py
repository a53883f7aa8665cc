import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 5)
    elif kind in (3, 4):
        n = 200
    else:
        n = rng.randint(5, 120)
    hi = rng.choice([10, 100, 10000, 10000])
    if kind in (0, 1, 2) and rng.random() < 0.35:
        pts = [(rng.choice([0, 10000]), rng.choice([0, 10000])) for _ in range(n)]
    else:
        pts = [(rng.randint(0, hi), rng.randint(0, hi)) for _ in range(n)]
    if n == 1:
        m = 0
    else:
        m = rng.choice([0, rng.randint(0, 3), rng.randint(0, n // 2), rng.randint(0, min(300, n))])
    cables = []
    for _ in range(m):
        u = rng.randint(1, n)
        v = rng.randint(1, n - 1)
        if v >= u:
            v += 1
        cables.append((u, v))
    print(n, m)
    for x, y in pts:
        print(x, y)
    for u, v in cables:
        print(u, v)


main()

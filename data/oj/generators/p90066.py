import random
import sys

MAXV = 20000


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    queries = []
    if r < 0.3:
        q = rng.randint(1, 3)
        cap = rng.randint(1, 10) if rng.random() < 0.3 else rng.randint(1, MAXV)
    elif r < 0.8:
        q = rng.randint(1, 100)
        cap = rng.choice([100, 1000, 10000, MAXV])
        cap = rng.randint(max(1, cap // 10), cap)
    else:
        q = 500
        cap = MAXV
    for _ in range(q):
        a = rng.randint(1, cap)
        if rng.random() < 0.2:
            b = min(cap, a + rng.randint(0, 20))
        else:
            b = rng.randint(1, cap)
        if a > b:
            a, b = b, a
        queries.append((a, b))
    if r >= 0.8 and rng.random() < 0.5:
        queries[rng.randrange(q)] = (1, MAXV)
    print(q)
    for a, b in queries:
        print(a, b)


main()

import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 10
    if kind in (0, 1, 2):
        n = rng.randint(1, 5)
        q = rng.randint(1, 8)
    elif kind in (3, 4):
        n = 2000
        q = 2000
    else:
        n = rng.randint(5, 300)
        q = rng.randint(5, n + 20)
    weights = [rng.choice([10, 25, 40]), 20, 20, rng.choice([2, 5])]
    queries = []
    for _ in range(q):
        t = rng.choices([1, 2, 3, 4], weights)[0]
        if t == 1 or t == 2:
            a = rng.randint(1, n)
            b = rng.randint(1, n) if rng.random() < 0.95 else a
            queries.append("%d %d %d" % (t, a, b))
        elif t == 3:
            queries.append("3 %d" % rng.randint(1, n))
        else:
            queries.append("4")
    if all(s.startswith("1 ") for s in queries):
        queries[-1] = "4"
    print(n, q)
    print("\n".join(queries))


main()

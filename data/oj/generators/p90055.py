import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(6, 25)
    else:
        n = rng.randint(35, 40)
    kind = rng.random()
    if kind < 0.1:
        v = rng.randint(1, 100)
        a = [v] * n
    else:
        lo, hi = rng.choice([(1, 10), (1, 100), (1, 100), (50, 100), (90, 100)])
        a = [rng.randint(lo, hi) for _ in range(n)]
    print(n)
    print(" ".join(map(str, a)))


main()

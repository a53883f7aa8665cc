import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(6, 50)
    else:
        n = rng.randint(70, 80)
    kind = rng.random()
    if kind < 0.1:
        v = rng.randint(1, rng.choice([10, 10 ** 9]))
        a = [v] * n
    else:
        hi = rng.choice([10, 100, 1000, 10 ** 6, 10 ** 9])
        a = [rng.randint(1, hi) for _ in range(n)]
    print(n)
    print(" ".join(map(str, a)))


main()

import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(5, 300)
    else:
        n = rng.randint(1800, 2000)
    kind = rng.random()
    if kind < 0.12:
        a = [rng.randint(-3, 3) for _ in range(n)]
    elif kind < 0.2:
        a = [rng.randint(0, 10) for _ in range(n)]
    elif kind < 0.3:
        lo = rng.choice([-10 ** 9, 1])
        a = sorted(rng.randint(lo, 10 ** 9) for _ in range(n))
    elif kind < 0.35:
        a = [rng.randint(-10 ** 9, 10 ** 9)] * n
    elif kind < 0.4:
        a = sorted((rng.randint(-10 ** 9, 10 ** 9) for _ in range(n)), reverse=True)
    elif kind < 0.65:
        a = [rng.randint(1, 10 ** 9) for _ in range(n)]
    else:
        a = [rng.randint(-10 ** 9, 10 ** 9) for _ in range(n)]
    print(n)
    print(" ".join(map(str, a)))


main()

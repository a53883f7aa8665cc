import random
import sys

MOD = 10 ** 9 + 7


def value(rng):
    r = rng.random()
    if r < 0.1:
        return 0
    if r < 0.2:
        return MOD - 1
    if r < 0.35:
        return rng.randint(1, 10)
    return rng.randint(0, MOD - 1)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(0, 5)
    elif r < 0.8:
        n = rng.randint(0, 10 ** rng.randint(1, 12))
    else:
        n = rng.randint(10 ** 17, 10 ** 18)
    a, b, p, q = value(rng), value(rng), value(rng), value(rng)
    print(a, b, p, q, n)


main()

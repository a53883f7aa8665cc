import random
import sys

MAXA = 10 ** 4
PRIMES = [2, 3, 5, 7, 11, 13]


def values(rng, n, cap):
    style = rng.random()
    if style < 0.08:
        v = rng.randint(1, cap)
        return [v] * n
    if style < 0.4:
        out = []
        for _ in range(n):
            x = 1
            for p in PRIMES:
                if rng.random() < 0.35:
                    x *= p
            if x == 1:
                x = rng.choice(PRIMES)
            while x * 2 <= cap and rng.random() < 0.3:
                x *= 2
            out.append(min(x, cap))
        return out
    return [rng.randint(1, cap) for _ in range(n)]


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
        cap = rng.choice([3, 10, 100, MAXA, MAXA])
    elif r < 0.8:
        n = rng.randint(1, 200)
        cap = rng.choice([30, 100, 1000, MAXA, MAXA])
    else:
        n = 500
        cap = MAXA
    a = values(rng, n, cap)
    print(n)
    print(*a)


main()

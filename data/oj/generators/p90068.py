import random
import sys

LIM = 10 ** 9


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        m = rng.randint(1, 10)
        a = rng.randint(0, m + 3)
        b = rng.randint(0, m + 3)
    elif r < 0.8:
        hi = 10 ** rng.randint(2, 9)
        kind = rng.random()
        if kind < 0.4:
            g = rng.randint(2, 60)
            m2 = rng.randint(1, max(1, hi // g))
            m = g * m2
            a = g * rng.randint(0, max(0, LIM // g))
            b = g * rng.randint(0, max(0, LIM // g))
        elif kind < 0.6:
            g = rng.randint(2, 60)
            m = g * rng.randint(1, max(1, hi // g))
            a = g * rng.randint(0, max(0, hi // g))
            b = rng.randint(0, hi)
        else:
            m = rng.randint(1, hi)
            a = rng.randint(0, hi)
            b = rng.randint(0, hi)
    else:
        m = rng.choice([LIM, 999999937, 998244353, rng.randint(LIM // 2, LIM)])
        a = rng.randint(0, LIM)
        b = rng.randint(0, LIM)
    if rng.random() < 0.05:
        b = 0
    print(a, b, m)


main()

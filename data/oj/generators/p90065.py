import random
import sys


def is_prime(x):
    if x < 2:
        return False
    i = 2
    while i * i <= x:
        if x % i == 0:
            return False
        i += 1
    return True


def pick_prime(rng, lo, hi):
    while True:
        c = rng.randint(lo, hi)
        if is_prime(c):
            return c


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        q = rng.randint(1, 3)
        cap = rng.randint(0, 6)
    elif r < 0.8:
        q = rng.randint(1, 100)
        cap = rng.randint(1, 500)
    else:
        q = 300
        cap = 500
    t = rng.random()
    if t < 0.15:
        p = pick_prime(rng, 2, min(max(cap, 2), 100))
    elif t < 0.5:
        p = rng.choice([998244353, 1000000007])
    else:
        p = pick_prime(rng, 500, 10 ** 9)
    over = rng.random() < 0.15
    lines = []
    for _ in range(q):
        n = rng.randint(0, cap)
        if over and rng.random() < 0.2 and n < 500:
            k = rng.randint(n + 1, min(500, n + 1 + rng.randint(0, 30)))
        else:
            k = rng.randint(0, n)
        lines.append("%d %d" % (n, k))
    print(q, p)
    print("\n".join(lines))


main()

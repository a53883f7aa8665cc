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
    vr = rng.random()
    if vr < 0.15:
        hi = 2
    elif vr < 0.35:
        hi = 10
    elif vr < 0.55:
        hi = 1000
    else:
        hi = 10 ** 9
    a = [rng.randint(0, hi) for _ in range(n)]
    if rng.random() < 0.2:
        for i in range(n):
            if rng.random() < 0.3:
                a[i] = 0
    sr = rng.random()
    total = sum(a)
    if sr < 0.08:
        s = 0
    elif sr < 0.15:
        s = 10 ** 12
    elif sr < 0.25:
        s = rng.randint(0, hi)
    elif sr < 0.55:
        s = rng.randint(hi, 5 * hi)
    else:
        s = rng.randint(hi, max(hi, total // rng.randint(1, 20)))
    s = min(s, 10 ** 12)
    print(n, s)
    print(" ".join(map(str, a)))


main()

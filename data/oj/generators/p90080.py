import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
        m = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(5, 100)
        m = rng.randint(5, 100)
    else:
        n = rng.randint(180, 200)
        m = rng.randint(180, 200)
    kr = rng.random()
    if kr < 0.1:
        k = 1
    elif kr < 0.17:
        k = n * m
    elif kr < 0.5:
        k = rng.randint(1, min(n * m, 20))
    else:
        k = rng.randint(1, n * m)
    vr = rng.random()
    if vr < 0.15:
        lo, hi = -3, 3
    elif vr < 0.3:
        lo, hi = 0, 10
    elif vr < 0.75:
        lo, hi = 0, 10 ** 9
    else:
        lo, hi = -10 ** 9, 10 ** 9
    a = [rng.randint(lo, hi) for _ in range(n)]
    b = [rng.randint(lo, hi) for _ in range(m)]
    print(n, m, k)
    print(" ".join(map(str, a)))
    print(" ".join(map(str, b)))


main()

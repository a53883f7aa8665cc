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
    kr = rng.random()
    if kr < 0.1:
        k = 0
    elif kr < 0.4:
        k = rng.randint(0, 2 * n)
    elif kr < 0.85:
        k = rng.randint(0, 2000)
    else:
        k = 2000
    mr = rng.random()
    if mr < 0.15:
        hi = 10
    elif mr < 0.3:
        hi = 1000
    elif mr < 0.5:
        hi = 10 ** 6
    else:
        hi = 10 ** 9
    if rng.random() < 0.1:
        a = [rng.randint(1, hi)] * n
    else:
        a = [rng.randint(1, hi) for _ in range(n)]
    print(n, k)
    print(" ".join(map(str, a)))


main()

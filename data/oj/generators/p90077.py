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
        k = 1
    elif kr < 0.2:
        k = n
    elif kr < 0.6:
        k = rng.randint(1, min(n, 10))
    else:
        k = rng.randint(1, n)
    vr = rng.random()
    if vr < 0.15:
        a = [rng.randint(0, 3) for _ in range(n)]
    elif vr < 0.27:
        a = [rng.randint(-10 ** 9, 10 ** 9) for _ in range(n)]
    elif vr < 0.32:
        a = [rng.randint(-10 ** 9, -1) for _ in range(n)]
    elif vr < 0.5:
        a = [rng.randint(0, 100) for _ in range(n)]
    else:
        a = [rng.randint(0, 10 ** 9) for _ in range(n)]
    print(n, k)
    print(" ".join(map(str, a)))


main()

import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
        hi = rng.choice([1, 3, 10 ** 9, 10 ** 9])
    elif r < 0.8:
        n = rng.randint(6, 150)
        hi = rng.choice([10, 10 ** 4, 10 ** 6, 10 ** 9, 10 ** 9])
    else:
        n = rng.randint(250, 300)
        hi = rng.choice([1000, 10 ** 6, 10 ** 9])
    shape = rng.random()
    a = [rng.randint(1, hi) for _ in range(n)]
    if shape < 0.2:
        a.sort()
        for _ in range(rng.randint(0, max(1, n // 4))):
            i = rng.randrange(n)
            a[i] = rng.randint(1, hi)
    elif shape < 0.3:
        a.sort(reverse=True)
    print(n)
    print(" ".join(map(str, a)))


main()

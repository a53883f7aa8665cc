import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 6
    n = rng.randint(2, 300) if kind == 0 else rng.randint(2, 25)
    spread = [3, 10, 1000, 6, 2, 50][kind]
    values = [rng.randint(-spread, spread) for _ in range(n)]
    if kind == 3:
        k = 2 * rng.choice(values)
    elif kind == 4:
        k = 0
    else:
        k = rng.choice(values) + rng.choice(values) + rng.choice([0, 0, 1, -1])
        k = max(-2000, min(2000, k))
    print(n, k)
    print(" ".join(map(str, values)))


main()

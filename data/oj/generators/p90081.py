import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 8
    if kind == 0:
        values = [rng.randint(-10**9, -1) for _ in range(rng.randint(1, 20))]
    elif kind == 1:
        values = [rng.randint(-9, 9)]
    elif kind == 2:
        values = list(range(-5, rng.randint(-4, 12)))
    elif kind == 3:
        values = [rng.choice([-10**9, 10**9, 0, -1, 1]) for _ in range(rng.randint(1, 30))]
    elif kind == 4:
        values = [rng.randint(-10**9, 10**9) for _ in range(rng.randint(1000, 5000))]
    else:
        values = [rng.randint(-120, 120) for _ in range(rng.randint(1, 40))]
    print(len(values))
    print(" ".join(map(str, values)))


main()

import random
import sys

LIM = 10 ** 18


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.04:
        n = 0
    elif r < 0.3:
        n = rng.randint(-10, 10)
    elif r < 0.8:
        n = rng.randint(1, 10 ** rng.randint(1, 17))
        if rng.random() < 0.5:
            n = -n
    else:
        t = rng.random()
        if t < 0.2:
            n = rng.choice([LIM, -LIM])
        else:
            n = rng.randint(10 ** 17, LIM)
            if rng.random() < 0.5:
                n = -n
    b = -2 if rng.random() < 0.35 else rng.randint(-16, -3)
    print(n, b)


main()

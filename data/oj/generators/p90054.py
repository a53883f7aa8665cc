import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, rng.choice([9, 100, 1000]))
    elif r < 0.8:
        k = rng.randint(3, 25)
        n = rng.randint(10 ** (k - 1), 10 ** k - 1)
    else:
        k = rng.randint(35, 40)
        n = rng.randint(10 ** (k - 1), 10 ** k - 1)
    shape = rng.random()
    s = list(str(n))
    if shape < 0.15:
        s = ["9"] * len(s)
    elif shape < 0.25:
        s = ["1"] + ["0"] * (len(s) - 1)
    elif shape < 0.35:
        s = [c if rng.random() < 0.5 else "0" for c in s]
        s[0] = str(rng.randint(1, 9))
    n = int("".join(s))
    q = rng.random()
    if q < 0.3:
        d = rng.randint(1, 9)
    elif q < 0.8:
        d = rng.randint(10, 50)
    else:
        d = rng.randint(51, 100)
    print(n, d)


main()

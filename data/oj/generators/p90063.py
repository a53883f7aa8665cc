import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(6, 200)
    else:
        n = rng.randint(400, 500)
    k = rng.choice([1, 2, 2, 3, 3, 4, 5, 26, 26, 26, 26, 26])
    alpha = "abcdefghijklmnopqrstuvwxyz"[:k]
    mode = rng.random()
    if mode < 0.6:
        s = "".join(rng.choice(alpha) for _ in range(n))
    elif mode < 0.75 and n > 1:
        half = "".join(rng.choice(alpha) for _ in range((n + 1) // 2))
        s = (half + half[::-1][n % 2:])[:n]
        s = list(s)
        for _ in range(rng.randint(1, 3)):
            s[rng.randrange(n)] = rng.choice(alpha)
        s = "".join(s)
    else:
        block = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 5)))
        s = (block * (n // len(block) + 1))[:n]
    print(s)


main()

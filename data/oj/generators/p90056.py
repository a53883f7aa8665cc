import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    letters = "abcdefghijklmnopqrstuvwxyz"
    if r < 0.3:
        n = rng.randint(1, 5)
        alpha = letters[:rng.randint(1, 3)]
    elif r < 0.8:
        n = rng.randint(6, 100)
        alpha = letters[:rng.choice([2, 3, 5, 26])]
    else:
        n = rng.randint(180, 200)
        alpha = letters[:rng.choice([2, 4, 26])]
    shape = rng.random()
    if shape < 0.2 and n >= 2:
        half = [rng.choice(alpha) for _ in range(n // 2)]
        mid = [rng.choice(alpha)] if n % 2 else []
        s = half + mid + half[::-1]
        for _ in range(rng.randint(1, max(1, n // 5))):
            s[rng.randrange(n)] = rng.choice(alpha)
    elif shape < 0.3:
        k = rng.randint(1, 4)
        unit = [rng.choice(alpha) for _ in range(k)]
        s = (unit * (n // k + 1))[:n]
    else:
        s = [rng.choice(alpha) for _ in range(n)]
    print("".join(s))


main()

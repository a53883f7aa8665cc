import random
import sys


def mutate(rng, s, k, alpha):
    s = list(s)
    for _ in range(k):
        op = rng.randint(0, 2)
        if op == 0 and s:
            del s[rng.randrange(len(s))]
        elif op == 1:
            s.insert(rng.randint(0, len(s)), rng.choice(alpha))
        elif s:
            s[rng.randrange(len(s))] = rng.choice(alpha)
    return s


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    letters = "abcdefghijklmnopqrstuvwxyz"
    if r < 0.3:
        alpha = letters[:rng.randint(1, 3)]
        n = rng.randint(1, 5)
        m = rng.randint(1, 5)
        mx = 5
    elif r < 0.8:
        alpha = letters[:rng.choice([2, 3, 4, 6, 26])]
        n = rng.randint(5, 60)
        m = rng.randint(5, 60)
        mx = 60
    else:
        alpha = letters[:rng.choice([2, 4, 26])]
        n = rng.randint(100, 120)
        m = rng.randint(100, 120)
        mx = 120
    s = [rng.choice(alpha) for _ in range(n)]
    if rng.random() < 0.5:
        t = mutate(rng, s, rng.randint(0, max(1, n // 3)), alpha)
        t = t[:mx]
        if not t:
            t = [rng.choice(alpha)]
    else:
        t = [rng.choice(alpha) for _ in range(m)]
    if rng.random() < 0.5:
        s, t = t, s
    print("".join(s))
    print("".join(t))


main()

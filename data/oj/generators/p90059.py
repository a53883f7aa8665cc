import random
import sys


def make_text(rng, n, alpha):
    if rng.random() < 0.15:
        block = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 6)))
        s = list((block * (n // len(block) + 1))[:n])
        for _ in range(rng.randint(0, 3)):
            s[rng.randrange(n)] = rng.choice(alpha)
        return "".join(s)
    return "".join(rng.choice(alpha) for _ in range(n))


def make_pattern(rng, t, alpha, maxlen):
    n = len(t)
    r = rng.random()
    if r < 0.55:
        m = rng.randint(1, min(n, maxlen))
        i = rng.randint(0, n - m)
        return t[i:i + m]
    if r < 0.75:
        m = rng.randint(1, min(n, maxlen))
        i = rng.randint(0, n - m)
        p = list(t[i:i + m])
        p[rng.randrange(m)] = rng.choice(alpha)
        return "".join(p)
    if r < 0.95:
        return "".join(rng.choice(alpha) for _ in range(rng.randint(1, 4)))
    if r < 0.98:
        return t + rng.choice(alpha)
    return t


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 6)
        q = rng.randint(1, 2)
    elif r < 0.8:
        n = rng.randint(7, 300)
        q = rng.randint(1, 6)
    else:
        n = rng.randint(1500, 2000)
        q = rng.randint(5, 12)
    k = rng.choice([1, 2, 3, 3, 4, 5, 26, 26, 26, 26])
    alpha = "abcdefghijklmnopqrstuvwxyz"[:k]
    t = make_text(rng, n, alpha)
    maxlen = rng.choice([3, 8, 40, 4000])
    pats = []
    total = 0
    for _ in range(q):
        p = make_pattern(rng, t, alpha, maxlen)
        if total + len(p) > 4000:
            p = p[:max(1, 4000 - total)]
        if total + len(p) > 4000:
            break
        total += len(p)
        pats.append(p)
    print(t)
    print(len(pats))
    for p in pats:
        print(p)


main()

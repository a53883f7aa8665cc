import random
import sys


def balanced(rng, pairs):
    out = []
    depth = 0
    opened = 0
    while opened < pairs or depth > 0:
        if opened < pairs and (depth == 0 or rng.random() < 0.5):
            out.append("(")
            depth += 1
            opened += 1
        else:
            out.append(")")
            depth -= 1
    return "".join(out)


def noisy(rng, n):
    p = rng.choice([0.5, 0.5, 0.55, 0.45, 0.65])
    return "".join("(" if rng.random() < p else ")" for _ in range(n))


def blocks(rng, n):
    parts = []
    total = 0
    same = rng.random() < 0.4
    fixed = balanced(rng, rng.randint(1, 6))
    while total < n:
        if same:
            b = fixed
        else:
            b = balanced(rng, rng.randint(1, max(1, n // 10)))
        sep = rng.choice([")", "(", "))", ")(", "(("])
        parts.append(b)
        parts.append(sep)
        total += len(b) + len(sep)
    s = "".join(parts)
    return s[:n]


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 6)
    elif r < 0.8:
        n = rng.randint(7, 300)
    else:
        n = rng.randint(2000, 5000)
    kind = rng.random()
    if kind < 0.5:
        s = noisy(rng, n)
    elif kind < 0.85:
        s = blocks(rng, n)
    else:
        s = balanced(rng, n // 2 + 1)[:n]
        i = rng.randrange(n)
        s = s[:i] + rng.choice("()") + s[i + 1:]
    print(s)


main()

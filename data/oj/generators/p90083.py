import random
import sys


def balanced(rng, pairs):
    out = []
    open_now = 0
    remaining = pairs
    while remaining or open_now:
        if remaining and (open_now == 0 or rng.random() < 0.5):
            out.append("(")
            open_now += 1
            remaining -= 1
        else:
            out.append(")")
            open_now -= 1
    return "".join(out)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    kind = seed % 7
    if kind == 0:
        s = balanced(rng, rng.randint(1, 30))
    elif kind == 1:
        s = balanced(rng, rng.randint(1, 15))
        s = s[::-1]
    elif kind == 2:
        s = "".join(rng.choice("()") for _ in range(rng.randint(1, 20)))
    elif kind == 3:
        a = balanced(rng, rng.randint(1, 8))
        s = ")" + a + "("
    elif kind == 4:
        depth = rng.randint(1, 1000)
        s = "(" * depth + ")" * depth
    elif kind == 5:
        s = balanced(rng, rng.randint(1, 10)) + "(" * rng.randint(1, 3)
    else:
        s = balanced(rng, rng.randint(100, 1000))
    print(s)


main()

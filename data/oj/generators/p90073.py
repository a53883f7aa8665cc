import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
        q = rng.randint(1, 6)
    elif r < 0.8:
        n = rng.randint(5, 300)
        q = rng.randint(5, 300)
    else:
        n = rng.randint(1800, 2000)
        q = rng.randint(1800, 2000)
    vr = rng.random()
    if vr < 0.15:
        lo, hi = -2, 2
    elif vr < 0.25:
        lo, hi = 0, 6
    elif vr < 0.35:
        c = rng.randint(-10 ** 9, 10 ** 9)
        lo, hi = c, c
    elif vr < 0.45:
        lo, hi = 10 ** 9 - 3, 10 ** 9
    elif vr < 0.55:
        lo, hi = -10 ** 9, -10 ** 9 + 3
    else:
        lo, hi = -10 ** 9, 10 ** 9
    a = [rng.randint(lo, hi) for _ in range(n)]
    pu = rng.choice([0.0, 0.2, 0.5, 0.7])
    qs = []
    for _ in range(q):
        if rng.random() < pu:
            p = rng.randint(1, n)
            x = rng.randint(lo, hi)
            qs.append("1 %d %d" % (p, x))
        else:
            t = rng.random()
            if t < 0.5:
                l = rng.randint(1, n)
                rr = rng.randint(1, n)
                if l > rr:
                    l, rr = rr, l
            elif t < 0.8:
                l = rng.randint(1, n)
                rr = min(n, l + rng.randint(0, 6))
            else:
                l = rng.randint(1, min(n, 3))
                rr = rng.randint(max(l, n - 3), n)
            qs.append("2 %d %d" % (l, rr))
    if not any(s[0] == "2" for s in qs):
        qs[-1] = "2 1 %d" % n
    print(n, q)
    print(" ".join(map(str, a)))
    print("\n".join(qs))


main()

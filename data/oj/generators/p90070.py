import random
import sys

LIM = 10 ** 4


def point(rng, lim):
    return [rng.randint(-lim, lim), rng.randint(-lim, lim)]


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        lim = rng.randint(1, 5)
    elif r < 0.8:
        lim = 10 ** rng.randint(1, 4)
        lim = rng.randint(max(1, lim // 10), lim)
    else:
        lim = LIM
    a = point(rng, lim)
    b = point(rng, lim)
    c = point(rng, lim)
    d = point(rng, lim)
    kind = rng.random()
    if kind < 0.1:
        b = a[:]
    elif kind < 0.15:
        d = c[:]
    elif kind < 0.25:
        dx = rng.randint(-3, 3)
        dy = rng.randint(-3, 3)
        if dx == 0 and dy == 0:
            dx = 1
        k = max(1, lim // max(1, abs(dx), abs(dy)))
        base = point(rng, lim // 2)
        ts = sorted(rng.randint(-k, k) for _ in range(4))
        if rng.random() < 0.5:
            ts = [ts[0], ts[2], ts[1], ts[3]]
        pts = [[base[0] + t * dx, base[1] + t * dy] for t in ts]
        pts = [[max(-LIM, min(LIM, x)), max(-LIM, min(LIM, y))] for x, y in pts]
        a, b, c, d = pts
        if rng.random() < 0.5:
            a, b, c, d = c, d, a, b
    elif kind < 0.3:
        c = a[:]
    print(*a, *b)
    print(*c, *d)


main()

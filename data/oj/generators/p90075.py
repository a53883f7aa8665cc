import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(5, 300)
    else:
        n = rng.randint(1800, 2000)
    kind = rng.random()
    meetings = []
    if kind < 0.1:
        t = rng.randint(3, 30)
        c = rng.randint(0, 3)
        for _ in range(n):
            s = rng.randint(0, t - 1)
            e = rng.randint(s + 1, t)
            meetings.append((s, e))
    elif kind < 0.16:
        c = rng.randint(0, 10 ** 6)
        s = rng.randint(0, 10 ** 6)
        for _ in range(n):
            meetings.append((s, s + rng.randint(10 ** 6, 10 ** 8)))
    elif kind < 0.19:
        c = rng.choice([0, rng.randint(1, 1000)])
        d = rng.randint(1, 1000)
        chains = rng.randint(1, 4)
        base = [rng.randint(0, 10 ** 6) for _ in range(chains)]
        used = [0] * chains
        for i in range(n):
            k = rng.randrange(chains)
            s = base[k] + used[k] * (d + c)
            used[k] += 1
            meetings.append((s, s + d))
    else:
        t = 10 ** 9
        cr = rng.random()
        if cr < 0.35:
            c = 0
        elif cr < 0.8:
            c = rng.randint(1, 10 ** 7)
        else:
            c = rng.randint(1, 10 ** 9)
        dur = rng.choice([10 ** 3, 10 ** 6, 10 ** 7, 10 ** 8, 10 ** 9])
        for _ in range(n):
            s = rng.randint(0, t - 1)
            e = min(t, s + rng.randint(1, dur))
            meetings.append((s, e))
    rng.shuffle(meetings)
    print(n, c)
    for s, e in meetings:
        print(s, e)


main()

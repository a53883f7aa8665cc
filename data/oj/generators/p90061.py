import random
import sys


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
        k = rng.randint(1, 3)
    elif r < 0.8:
        n = rng.randint(6, 200)
        k = rng.randint(1, 8)
    else:
        n = rng.randint(1500, 2000)
        k = rng.randint(5, 20)
    bmax = rng.choice([5, 100, 1000, 100000])
    load = rng.choice([0.8, 1.5, 3.0, 6.0])
    mean_gap = (bmax + 1) / 2 / k / load
    g = max(1, int(2 * mean_gap))
    p0 = rng.choice([0.0, 0.0, 0.03, 0.3])
    a = []
    t = rng.randint(0, g)
    for _ in range(n):
        a.append(t)
        if rng.random() < p0:
            continue
        t += rng.randint(1, g)
    b = [rng.randint(1, bmax) for _ in range(n)]
    people = list(zip(a, b))
    if rng.random() < 0.5:
        rng.shuffle(people)
    print(n, k)
    for x, y in people:
        print(x, y)


main()

import random
import sys


def rect(rng, lim):
    x1 = rng.randint(0, lim - 1)
    x2 = rng.randint(x1 + 1, lim)
    y1 = rng.randint(0, lim - 1)
    y2 = rng.randint(y1 + 1, lim)
    return (x1, y1, x2, y2)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(5, 60)
    else:
        n = rng.randint(90, 100)
    lr = rng.random()
    if lr < 0.25:
        lim = rng.randint(2, 12)
    elif lr < 0.45:
        lim = 1000
    else:
        lim = 10 ** 9
    kind = rng.random()
    rects = []
    if kind < 0.1:
        base = rect(rng, lim)
        rects = [base] * n
    elif kind < 0.25:
        x1, y1, x2, y2 = 0, 0, lim, lim
        for _ in range(n):
            rects.append((x1, y1, x2, y2))
            if x2 - x1 >= 3 and y2 - y1 >= 3:
                x1 = rng.randint(x1, x1 + (x2 - x1) // 3)
                x2 = rng.randint(x2 - (x2 - x1) // 3, x2)
                y1 = rng.randint(y1, y1 + (y2 - y1) // 3)
                y2 = rng.randint(y2 - (y2 - y1) // 3, y2)
        rng.shuffle(rects)
    else:
        small = rng.random() < 0.5
        for _ in range(n):
            if small and lim > 20:
                w = rng.randint(1, max(1, lim // 10))
                h = rng.randint(1, max(1, lim // 10))
                x1 = rng.randint(0, lim - w)
                y1 = rng.randint(0, lim - h)
                rects.append((x1, y1, x1 + w, y1 + h))
            else:
                rects.append(rect(rng, lim))
    print(n)
    for x1, y1, x2, y2 in rects:
        print(x1, y1, x2, y2)


main()

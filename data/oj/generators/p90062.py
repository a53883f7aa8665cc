import datetime
import random
import sys

LOW = datetime.datetime(1000, 1, 1, 0, 0, 0)
HIGH = datetime.datetime(9999, 12, 31, 23, 59, 59)
UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def start_time(rng):
    y = rng.randint(1000, 9999)
    r = rng.random()
    if r < 0.25:
        m, d = rng.choice([(2, 28), (2, 29), (3, 1), (12, 31), (1, 1)])
        if (m, d) == (2, 29) and not (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)):
            d = 28
        hh, mm, ss = rng.choice([(0, 0, 0), (23, 59, 59), (12, 0, 0)])
    else:
        m = rng.randint(1, 12)
        d = rng.randint(1, 28)
        hh, mm, ss = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    if rng.random() < 0.1:
        y = rng.choice([1600, 1700, 1900, 2000, 2100, 2400, 1969, 1970])
    if (m, d) == (2, 29) and not (y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)):
        d = 28
    return datetime.datetime(y, m, d, hh, mm, ss)


def make_op(rng, scale, multi):
    k = rng.randint(1, 4) if multi else 1
    units = rng.sample("dhms", k)
    terms = []
    total = 0
    for u in units:
        v = rng.randint(1, scale)
        terms.append("%d%s" % (v, u))
        total += v * UNITS[u]
    sign = rng.choice("+-")
    return sign + "".join(terms), (total if sign == "+" else -total)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        q = rng.randint(1, 3)
    elif r < 0.8:
        q = rng.randint(4, 15)
    else:
        q = rng.randint(30, 50)
    scale = rng.choice([60, 500, 5000, 50000, 1000000])
    multi = rng.random() < 0.6
    cur = start_time(rng)
    first = cur
    ops = []
    tries = 0
    while len(ops) < q and tries < 1000:
        tries += 1
        text, delta = make_op(rng, scale, multi)
        try:
            nxt = cur + datetime.timedelta(seconds=delta)
        except OverflowError:
            continue
        if nxt < LOW or nxt > HIGH:
            continue
        ops.append(text)
        cur = nxt
    if not ops:
        ops.append("+1s")
    print(first.strftime("%Y-%m-%d %H:%M:%S"))
    print(len(ops))
    for t in ops:
        print(t)


main()

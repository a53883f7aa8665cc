import random
import sys


def number(rng, big):
    r = rng.random()
    if r < big:
        return str(rng.randint(0, 10 ** rng.choice([9, 9, 18])))
    if r < 0.55:
        return str(rng.randint(0, 9))
    return str(rng.randint(10, 999))


def split(rng, n):
    k = rng.randint(1, n)
    cuts = sorted(rng.sample(range(1, n), k - 1)) if k > 1 else []
    parts = []
    prev = 0
    for c in cuts + [n]:
        parts.append(c - prev)
        prev = c
    return parts


def factor(rng, n, cfg):
    pre = ""
    if rng.random() < cfg["neg"]:
        pre = "-"
        if rng.random() < 0.15:
            pre = "--"
    if n == 1 and rng.random() > cfg["wrap"]:
        return pre + number(rng, cfg["big"])
    return pre + "(" + expr(rng, n, cfg) + ")"


def term(rng, n, cfg):
    parts = split(rng, n)
    if len(parts) > 1 and rng.random() < 0.5:
        parts = [n]
    if len(parts) == 1 and n > 1:
        return factor(rng, n, cfg)
    out = factor(rng, parts[0], cfg)
    for p in parts[1:]:
        out += ("/" if rng.random() < cfg["div"] else "*") + factor(rng, p, cfg)
    return out


def expr(rng, n, cfg):
    parts = split(rng, n)
    out = term(rng, parts[0], cfg)
    for p in parts[1:]:
        out += rng.choice("+-") + term(rng, p, cfg)
    return out


def value(s):
    i = [0]

    def expr():
        v = term()
        while i[0] < len(s) and s[i[0]] in "+-":
            op = s[i[0]]
            i[0] += 1
            w = term()
            v = v + w if op == "+" else v - w
        return v

    def term():
        v = factor()
        while i[0] < len(s) and s[i[0]] in "*/":
            op = s[i[0]]
            i[0] += 1
            w = factor()
            if op == "*":
                v = v * w
            else:
                q = abs(v) // abs(w)
                v = q if (v < 0) == (w < 0) else -q
        return v

    def factor():
        if s[i[0]] == "-":
            i[0] += 1
            return -factor()
        if s[i[0]] == "(":
            i[0] += 1
            v = expr()
            i[0] += 1
            return v
        j = i[0]
        while i[0] < len(s) and s[i[0]].isdigit():
            i[0] += 1
        return int(s[j:i[0]])

    return expr()


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 3)
    elif r < 0.8:
        n = rng.randint(4, 18)
    else:
        n = rng.randint(25, 45)
    cfg = {
        "neg": rng.choice([0.0, 0.04, 0.08, 0.2]),
        "wrap": rng.choice([0.0, 0.05, 0.15]),
        "big": rng.choice([0.0, 0.05, 0.3, 0.6]),
        "div": rng.choice([0.0, 0.3, 0.5]),
    }
    while True:
        s = expr(rng, n, cfg)
        if len(s) > 200:
            n = max(1, n - 3)
            cfg["big"] = cfg["big"] / 2
            continue
        try:
            value(s)
        except ZeroDivisionError:
            continue
        break
    print(s)


main()

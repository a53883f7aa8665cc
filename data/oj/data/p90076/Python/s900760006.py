import sys
from math import ceil
from functools import reduce


def parse(tokens):
    n, k = tokens[0], tokens[1]
    return n, k, tokens[2:2 + n]


def cuts_for(a, x):
    return sum(ceil(v / x) - 1 for v in a)


def feasible(a, k, x):
    return cuts_for(a, x) <= k


def step(bounds, a, k):
    lo, hi = bounds
    mid = (lo + hi) / 2
    return (lo, mid) if feasible(a, k, mid) else (mid, hi)


def search(a, k):
    start = (0.0, float(max(a)))
    return reduce(lambda b, _: step(b, a, k), range(100), start)[1]


def show(x):
    return f"{x:.9f}"


n, k, a = parse(list(map(int, sys.stdin.read().split())))
print(show(search(a, k)))

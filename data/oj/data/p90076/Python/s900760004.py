import sys
import math


def parse():
    data = sys.stdin.read().split()
    n = int(data[0])
    k = int(data[1])
    a = [int(x) for x in data[2:2 + n]]
    return n, k, a


def need(a, length):
    total = 0
    for x in a:
        total += math.ceil(x / length) - 1
    return total


def approximate(a, k):
    lo, hi = 0.0, float(max(a))
    for _ in range(80):
        mid = (lo + hi) / 2
        if need(a, mid) <= k:
            hi = mid
        else:
            lo = mid
    return hi


def pieces_for(a, length):
    pieces = []
    for x in a:
        pieces.append(math.ceil(x / length))
    return pieces


def exact_from(a, length):
    pieces = pieces_for(a, length)
    best = 0.0
    for x, p in zip(a, pieces):
        value = x / p
        if value > best:
            best = value
    return best


def main():
    n, k, a = parse()
    if k == 0:
        print("%.12f" % max(a))
        return
    length = approximate(a, k)
    best = exact_from(a, length)
    print("%.12f" % best)


main()

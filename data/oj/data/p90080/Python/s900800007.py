import sys
from heapq import nsmallest
from itertools import product
from operator import add


def parse(tokens):
    n, m, k = tokens[:3]
    return k, tokens[3:3 + n], tokens[3 + n:3 + n + m]


def pair_sums(a, b):
    return (add(x, y) for x, y in product(a, b))


def kth(k, values):
    return nsmallest(k, values)[-1]


def main():
    k, a, b = parse(list(map(int, sys.stdin.read().split())))
    print(kth(k, pair_sums(a, b)))


main()

import sys
from fractions import Fraction
from math import gcd


def read():
    n = int(sys.stdin.readline())
    vs = []
    for _ in range(n):
        a, b = sys.stdin.readline().split()
        vs.append((int(a), int(b)))
    return vs


def area(vs):
    n = len(vs)
    s = 0
    for k in range(n):
        x1, y1 = vs[k]
        x2, y2 = vs[k - 1]
        s += (x2 + x1) * (y2 - y1)
    return Fraction(abs(s), 2)


def boundary(vs):
    n = len(vs)
    total = 0
    for k in range(n):
        x1, y1 = vs[k]
        x2, y2 = vs[k - 1]
        total += gcd(x1 - x2, y1 - y2)
    return total


def main():
    vs = read()
    a = area(vs)
    b = boundary(vs)
    i = a - Fraction(b, 2) + 1
    print(b, i.numerator)


main()

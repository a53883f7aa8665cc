import sys
from math import gcd


def inverse(a, m):
    return pow(a, -1, m)


def smallest_solution(a, b, m):
    g = gcd(a, m)
    if b % g:
        return -1
    a, b, m = a // g, b // g, m // g
    return b * inverse(a, m) % m


def main():
    a, b, m = map(int, sys.stdin.read().split())
    print(smallest_solution(a, b, m))


if __name__ == "__main__":
    main()

import sys
from math import gcd


def solve_coprime(a, b, m):
    a %= m
    b %= m
    if m == 1:
        return 0
    if a == 1:
        return b
    y = solve_coprime(m % a, (-b) % a, a)
    return (b + m * y) // a


def verify(a, b, m, x):
    if x < 0:
        return False
    return (a * x - b) % m == 0


def read_three():
    data = sys.stdin.read().split()
    return int(data[0]), int(data[1]), int(data[2])


def solve(a, b, m):
    g = gcd(a, m)
    if b % g:
        return -1
    return solve_coprime(a // g, b // g, m // g)


def main():
    a, b, m = read_three()
    print(solve(a, b, m))


main()

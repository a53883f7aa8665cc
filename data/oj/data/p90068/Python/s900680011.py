import sys
from math import gcd


def read_line():
    return sys.stdin.readline().split()


class BruteSolver:
    def __init__(self, a, b, m):
        self.a = a
        self.b = b
        self.m = m

    def solve(self):
        for x in range(1, self.m):
            if (self.a * x - self.b) % self.m == 0:
                return x
        return -1


class FastSolver:
    def __init__(self, a, b, m):
        self.a = a
        self.b = b
        self.m = m

    def inverse(self, a, m):
        return pow(a, -1, m)

    def solve(self):
        g = gcd(self.a, self.m)
        if self.b % g != 0:
            return -1
        m2 = self.m // g
        return (self.b // g) * self.inverse(self.a // g, m2) % m2


def choose_solver(a, b, m):
    if m <= 1000:
        return BruteSolver(a, b, m)
    return FastSolver(a, b, m)


def main():
    tokens = read_line()
    a = int(tokens[0])
    b = int(tokens[1])
    m = int(tokens[2])
    solver = choose_solver(a, b, m)
    print(solver.solve())


main()

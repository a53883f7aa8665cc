import sys


class ModularSolver:
    def __init__(self, modulus):
        self.modulus = modulus

    def extended(self, a, b):
        x, last_x = 0, 1
        y, last_y = 1, 0
        while b:
            q = a // b
            a, b = b, a % b
            x, last_x = last_x - q * x, x
            y, last_y = last_y - q * y, y
        return a, last_x, last_y

    def inverse(self, value):
        value %= self.modulus
        g, x, _ = self.extended(value, self.modulus)
        if g != 1:
            return None
        return x % self.modulus

    def divide(self, numerator, denominator):
        inv = self.inverse(denominator)
        if inv is None:
            return None
        return numerator % self.modulus * inv % self.modulus


def read_values():
    parts = sys.stdin.readline().split()
    return [int(p) for p in parts]


def main():
    a, b, m = read_values()
    if m == 1:
        print(0)
        return
    solver = ModularSolver(m)
    result = solver.divide(b, a)
    if result is None:
        print(-1)
    else:
        print(result)


if __name__ == "__main__":
    main()

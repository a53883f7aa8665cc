import sys

sys.setrecursionlimit(10000)


class CongruenceSolver:
    def __init__(self, a, b, m):
        self.a = a
        self.b = b
        self.m = m
        self.last_gcd = None

    def egcd(self, a, b):
        if b == 0:
            return a, 1, 0
        g, x, y = self.egcd(b, a % b)
        return g, y, x - (a // b) * y

    def gcd(self, a, b):
        return self.egcd(a, b)[0]

    def inverse(self, a, m):
        g, x, _ = self.egcd(a % m, m)
        if g != 1:
            return None
        return x % m

    def solve(self):
        a = self.a % self.m
        b = self.b % self.m
        m = self.m
        if a == 0:
            return 0 if b == 0 else -1
        g, x, y = self.egcd(a, m)
        self.last_gcd = g
        if b % g != 0:
            return -1
        a //= g
        b //= g
        m //= g
        return (x % m) * b % m

    def number_of_solutions(self):
        x = self.solve()
        if x == -1:
            return 0
        if self.last_gcd is None:
            return self.m
        return self.last_gcd


class InputReader:
    def __init__(self):
        self.buffer = []

    def next_int(self):
        while not self.buffer:
            self.buffer = sys.stdin.readline().split()
        return int(self.buffer.pop(0))


def main():
    reader = InputReader()
    a = reader.next_int()
    b = reader.next_int()
    m = reader.next_int()
    solver = CongruenceSolver(a, b, m)
    print(solver.solve())


if __name__ == "__main__":
    main()

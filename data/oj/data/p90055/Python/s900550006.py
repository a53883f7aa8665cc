import sys


class Knapsack:
    def __init__(self, capacity):
        self.capacity = capacity
        self.best = [0] * (capacity + 1)
        self.items = 0

    def add_item(self, weight, value):
        self.items += 1
        if weight > self.capacity:
            return
        best = self.best
        for c in range(self.capacity, weight - 1, -1):
            cand = best[c - weight] + value
            if cand > best[c]:
                best[c] = cand

    def answer(self):
        return self.best[self.capacity]

    def value_at(self, c):
        if c < 0:
            return 0
        if c > self.capacity:
            c = self.capacity
        return self.best[c]


def read():
    data = sys.stdin.read().split()
    n = int(data[0])
    return [int(v) for v in data[1:n + 1]]


def solve(a):
    total = sum(a)
    ks = Knapsack(total // 2)
    for x in sorted(a, reverse=True):
        ks.add_item(x, x)
    lighter = ks.answer()
    heavier = total - lighter
    return heavier - lighter


def main():
    a = read()
    print(solve(a))


main()

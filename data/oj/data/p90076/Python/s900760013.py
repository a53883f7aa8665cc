import sys


class Ratio:
    def __init__(self, num, den):
        self.num = num
        self.den = den

    def greater_than(self, other):
        return self.num * other.den > other.num * self.den

    def less_than(self, other):
        return self.num * other.den < other.num * self.den

    def equals(self, other):
        return self.num * other.den == other.num * self.den

    def to_float(self):
        return self.num / self.den

    def __repr__(self):
        return "%d/%d" % (self.num, self.den)


class LogPiece:
    def __init__(self, length):
        self.length = length
        self.parts = 1

    def current(self):
        return Ratio(self.length, self.parts)

    def after_one_more_cut(self):
        return Ratio(self.length, self.parts + 1)

    def cut(self):
        self.parts += 1


class MaxHeap:
    def __init__(self):
        self.data = []

    def size(self):
        return len(self.data)

    def top(self):
        return self.data[0]

    def _better(self, i, j):
        return self.data[i].current().greater_than(self.data[j].current())

    def _swap(self, i, j):
        self.data[i], self.data[j] = self.data[j], self.data[i]

    def push(self, item):
        self.data.append(item)
        i = len(self.data) - 1
        while i > 0:
            parent = (i - 1) >> 1
            if self._better(i, parent):
                self._swap(i, parent)
                i = parent
            else:
                break

    def sift_down(self, i):
        n = len(self.data)
        while True:
            left = 2 * i + 1
            right = left + 1
            best = i
            if left < n and self._better(left, best):
                best = left
            if right < n and self._better(right, best):
                best = right
            if best == i:
                return
            self._swap(i, best)
            i = best

    def heapify(self, items):
        self.data = list(items)
        for i in range(len(self.data) // 2 - 2, -1, -1):
            self.sift_down(i)

    def replace_top(self, item):
        self.data[0] = item
        self.sift_down(0)


class CuttingPlanner:
    def __init__(self, lengths, cuts):
        self.lengths = lengths
        self.cuts = cuts
        self.heap = MaxHeap()

    def plan(self):
        pieces = [LogPiece(length) for length in self.lengths]
        self.heap.heapify(pieces)
        for _ in range(self.cuts):
            longest = self.heap.top()
            longest.cut()
            self.heap.replace_top(longest)
        return self.heap.top().current()

    def describe(self):
        rows = []
        for piece in self.heap.data:
            rows.append("%d -> %d parts" % (piece.length, piece.parts))
        return "\n".join(rows)


def brute_force(lengths, cuts):
    best = None
    n = len(lengths)

    def rec(index, remaining, parts):
        nonlocal best
        if index == n:
            worst = Ratio(0, 1)
            for i in range(n):
                candidate = Ratio(lengths[i], parts[i])
                if candidate.greater_than(worst):
                    worst = candidate
            if best is None or worst.less_than(best):
                best = worst
            return
        for extra in range(remaining + 1):
            parts.append(1 + extra)
            rec(index + 1, remaining - extra, parts)
            parts.pop()

    rec(0, cuts, [])
    return best


def read_input():
    tokens = sys.stdin.read().split()
    n = int(tokens[0])
    k = int(tokens[1])
    lengths = []
    for i in range(n):
        lengths.append(int(tokens[2 + i]))
    return n, k, lengths


def format_answer(ratio):
    whole = ratio.num // ratio.den
    rest = ratio.num - whole * ratio.den
    digits = []
    for _ in range(12):
        rest *= 10
        digits.append(str(rest // ratio.den))
        rest %= ratio.den
    return str(whole) + "." + "".join(digits)


def main():
    n, k, lengths = read_input()
    planner = CuttingPlanner(lengths, k)
    answer = planner.plan()
    print(format_answer(answer))


if __name__ == "__main__":
    main()

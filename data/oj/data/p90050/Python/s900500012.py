import sys
from bisect import bisect_right


class InputReader:
    def __init__(self, raw):
        self.words = raw.split()
        self.cursor = 0

    def has_next(self):
        return self.cursor < len(self.words)

    def read_int(self):
        value = int(self.words[self.cursor])
        self.cursor += 1
        return value

    def read_list(self, count):
        result = []
        for _ in range(count):
            result.append(self.read_int())
        return result


class ChainFinder:
    def __init__(self, values):
        self.values = values
        self.n = len(values)
        self.tail_values = []
        self.tail_index = []
        self.prev = [-1] * self.n
        self.done = False

    def run(self):
        for i, v in enumerate(self.values):
            pos = bisect_right(self.tail_values, v)
            if pos > 0:
                self.prev[i] = self.tail_index[pos - 1]
            if pos == len(self.tail_values):
                self.tail_values.append(v)
                self.tail_index.append(i)
            else:
                self.tail_values[pos] = v
                self.tail_index[pos] = i
        self.done = True

    def length(self):
        if not self.done:
            self.run()
        return len(self.tail_values)

    def chain(self):
        if not self.done:
            self.run()
        if not self.tail_index:
            return []
        out = []
        cur = self.tail_index[-1]
        while cur != -1:
            out.append(cur)
            cur = self.prev[cur]
        out.reverse()
        return out

    def removed_positions(self):
        kept = set(self.chain())
        return [i for i in range(self.n) if i not in kept]


class Checker:
    @staticmethod
    def sorted_ok(seq):
        for i in range(len(seq) - 1):
            if seq[i] > seq[i + 1]:
                return False
        return True

    @staticmethod
    def indices_increasing(idx):
        for i in range(len(idx) - 1):
            if idx[i] >= idx[i + 1]:
                return False
        return True


def format_positions(positions):
    return " ".join(str(p + 1) for p in positions)


def solve(n, a):
    finder = ChainFinder(a)
    best = finder.length()
    chain = finder.chain()
    if not Checker.indices_increasing(chain):
        return n - best
    picked = [a[i] for i in chain]
    if not Checker.sorted_ok(picked):
        return n - best
    removed = finder.removed_positions()
    if len(removed) + len(chain) != n:
        return n - best
    return len(removed)


def main():
    reader = InputReader(sys.stdin.read())
    n = reader.read_int()
    a = reader.read_list(n)
    sys.stdout.write("%d\n" % solve(n, a))


if __name__ == "__main__":
    main()

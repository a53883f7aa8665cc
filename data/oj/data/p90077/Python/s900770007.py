import sys


class InputReader:
    def __init__(self):
        self.data = sys.stdin.buffer.read().split()
        self.ptr = 0

    def int(self):
        value = int(self.data[self.ptr])
        self.ptr += 1
        return value

    def ints(self, count):
        values = [int(x) for x in self.data[self.ptr:self.ptr + count]]
        self.ptr += count
        return values


class MinMaxSegmentTree:
    NEG = -(1 << 62)
    POS = 1 << 62

    def __init__(self, values):
        self.n = len(values)
        size = 1
        while size < self.n:
            size <<= 1
        self.size = size
        self.high = [self.NEG] * (2 * size)
        self.low = [self.POS] * (2 * size)
        for i, v in enumerate(values):
            self.high[size + i] = v
            self.low[size + i] = v
        for node in range(size - 1, 0, -1):
            self._pull(node)

    def _pull(self, node):
        left = 2 * node
        right = left + 1
        self.high[node] = self.high[left] if self.high[left] > self.high[right] else self.high[right]
        self.low[node] = self.low[left] if self.low[left] < self.low[right] else self.low[right]

    def set(self, index, value):
        node = index + self.size
        self.high[node] = value
        self.low[node] = value
        node >>= 1
        while node:
            self._pull(node)
            node >>= 1

    def query(self, left, right):
        best_high = self.NEG
        best_low = self.POS
        left += self.size
        right += self.size
        while left < right:
            if left & 1:
                if self.high[left] > best_high:
                    best_high = self.high[left]
                if self.low[left] < best_low:
                    best_low = self.low[left]
                left += 1
            if right & 1:
                right -= 1
                if self.high[right] > best_high:
                    best_high = self.high[right]
                if self.low[right] < best_low:
                    best_low = self.low[right]
            left >>= 1
            right >>= 1
        return best_high, best_low

    def get(self, index):
        return self.high[index + self.size]

    def global_high(self):
        return self.high[1]

    def global_low(self):
        return self.low[1]

    def dump(self):
        rows = []
        level_start = 1
        while level_start < 2 * self.size:
            level = []
            for node in range(level_start, 2 * level_start):
                level.append("%d/%d" % (self.high[node], self.low[node]))
            rows.append(" ".join(level))
            level_start *= 2
        return "\n".join(rows)

    def spread(self, left, right):
        high, low = self.query(left, right)
        return high - low


class WindowSolver:
    def __init__(self, values, width):
        self.values = values
        self.width = width
        self.tree = MinMaxSegmentTree(values)

    def window_count(self):
        return len(self.values) - self.width + 1

    def answer(self, start):
        return self.tree.spread(start, start + self.width)

    def solve(self):
        answers = []
        for start in range(self.window_count()):
            answers.append(self.answer(start))
        return answers


def naive(values, width):
    out = []
    for start in range(len(values) - width + 1):
        window = values[start:start + width]
        out.append(max(window) - min(window))
    return out


def check_small():
    import random
    for _ in range(100):
        n = random.randint(1, 12)
        k = random.randint(1, n)
        values = [random.randint(-5, 5) for _ in range(n)]
        if WindowSolver(values, k).solve() != naive(values, k):
            return False
    return True


def write_answers(answers):
    sys.stdout.write(" ".join(str(x) for x in answers))
    sys.stdout.write("\n")


def main():
    reader = InputReader()
    n = reader.int()
    k = reader.int()
    values = reader.ints(n)
    solver = WindowSolver(values, k)
    write_answers(solver.solve())


if __name__ == "__main__":
    main()

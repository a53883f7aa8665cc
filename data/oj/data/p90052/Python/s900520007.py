import sys


def read_tokens():
    return sys.stdin.buffer.read().split()


class PrefixSum:
    def __init__(self, values):
        self.acc = [0]
        for v in values:
            self.acc.append(self.acc[-1] + v)

    def range_sum(self, left, right):
        return self.acc[right + 1] - self.acc[left]

    def total(self):
        return self.acc[-1]


class IntervalTable:
    def __init__(self, n, fill):
        self.n = n
        self.rows = [[fill] * n for _ in range(n)]

    def get(self, i, j):
        return self.rows[i][j]

    def put(self, i, j, v):
        self.rows[i][j] = v

    def row(self, i):
        return self.rows[i]


class MergePlanner:
    def __init__(self, piles):
        self.piles = piles
        self.n = len(piles)
        self.sums = PrefixSum(piles)
        self.cost = IntervalTable(self.n, 0)
        self.split = IntervalTable(self.n, -1)
        self.ready = False

    def build(self):
        n = self.n
        for length in range(2, n + 1):
            for i in range(0, n - length + 1):
                j = i + length - 1
                best = None
                where = -1
                row_i = self.cost.row(i)
                for k in range(i, j):
                    cand = row_i[k] + self.cost.get(k + 1, j)
                    if best is None or cand < best:
                        best = cand
                        where = k
                self.cost.put(i, j, best + self.sums.range_sum(i, j))
                self.split.put(i, j, where)
        self.ready = True

    def minimum(self):
        if self.n <= 1:
            return 0
        if not self.ready:
            self.build()
        return self.cost.get(0, self.n - 1)

    def merge_order(self):
        if self.n <= 1:
            return []
        if not self.ready:
            self.build()
        order = []
        stack = [(0, self.n - 1, False)]
        while stack:
            i, j, expanded = stack.pop()
            if i == j:
                continue
            if expanded:
                order.append((i, j))
                continue
            k = self.split.get(i, j)
            stack.append((i, j, True))
            stack.append((k + 1, j, False))
            stack.append((i, k, False))
        return order

    def replay(self, order):
        spent = 0
        for i, j in order:
            spent += self.sums.range_sum(i, j)
        return spent


class PileRow:
    def __init__(self, piles):
        self.sizes = list(piles)
        self.left_index = list(range(len(piles)))
        self.spent = 0

    def locate(self, original_left):
        for pos, start in enumerate(self.left_index):
            if start == original_left:
                return pos
        return -1

    def merge_at(self, pos):
        merged = self.sizes[pos] + self.sizes[pos + 1]
        self.spent += merged
        self.sizes[pos] = merged
        del self.sizes[pos + 1]
        del self.left_index[pos + 1]
        return merged

    def count(self):
        return len(self.sizes)


def simulate(piles, order):
    row = PileRow(piles)
    for i, j in order:
        pos = row.locate(i)
        if pos < 0 or pos + 1 >= row.count():
            return -1
        row.merge_at(pos)
    if row.count() != 1:
        return -1
    return row.spent


def show(planner):
    for i in range(planner.n):
        sys.stderr.write(" ".join(str(x) for x in planner.cost.row(i)) + "\n")


def main():
    tokens = read_tokens()
    n = int(tokens[0])
    piles = [int(tokens[1 + i]) for i in range(n)]
    planner = MergePlanner(piles)
    best = planner.minimum()
    order = planner.merge_order()
    if len(order) == max(0, n - 1):
        replayed = planner.replay(order)
        simulated = simulate(piles, order)
        if replayed == best and (simulated == best or n <= 1):
            print(replayed)
            return
    print(best)


if __name__ == "__main__":
    main()

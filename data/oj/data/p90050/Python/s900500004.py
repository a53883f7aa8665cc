import sys


class MaxFenwick:
    def __init__(self, size):
        self.size = size
        self.tree = [0] * (size + 1)

    def update(self, i, value):
        while i <= self.size:
            if self.tree[i] < value:
                self.tree[i] = value
            i += i & (-i)

    def query(self, i):
        res = 0
        while i > 0:
            if self.tree[i] > res:
                res = self.tree[i]
            i -= i & (-i)
        return res

    def reset(self):
        for i in range(self.size + 1):
            self.tree[i] = 0


class Compression:
    def __init__(self, values):
        self.order = sorted(set(values))
        self.rank = {}
        for idx, v in enumerate(self.order):
            self.rank[v] = idx + 1

    def size(self):
        return len(self.order)

    def encode_all(self, values):
        return [self.rank[v] for v in values]

    def decode(self, r):
        return self.order[r - 1]


def longest_non_decreasing(values):
    if not values:
        return 0
    comp = Compression(values)
    ranks = comp.encode_all(values)
    fw = MaxFenwick(comp.size())
    best = 0
    for r in ranks:
        cur = fw.query(r) + 1
        fw.update(r, cur)
        if cur > best:
            best = cur
    return best


def parse(data):
    n = int(data[0])
    a = []
    for k in range(1, n + 1):
        a.append(int(data[k]))
    return n, a


def main():
    data = sys.stdin.buffer.read().split()
    n, a = parse(data)
    keep = longest_non_decreasing(a)
    print(n - keep)


main()

import sys


class SegmentTree:
    def __init__(self, n, identity, op):
        self.n = n
        self.identity = identity
        self.op = op
        size = 1
        while size < n:
            size *= 2
        self.size = size
        self.data = [identity] * (2 * size)

    def build(self, values):
        for i, v in enumerate(values):
            self.data[self.size + i] = v
        for i in range(self.size - 1, 0, -1):
            self.data[i] = self.op(self.data[2 * i], self.data[2 * i + 1])

    def get(self, pos):
        return self.data[self.size + pos]

    def set(self, pos, value):
        i = self.size + pos
        self.data[i] = value
        i //= 2
        while i >= 1:
            self.data[i] = self.op(self.data[2 * i], self.data[2 * i + 1])
            i //= 2

    def chmax(self, pos, value):
        if self.get(pos) < value:
            self.set(pos, value)

    def fold(self, left, right):
        res_left = self.identity
        res_right = self.identity
        lo = left + self.size
        hi = right + self.size
        while lo < hi:
            if lo & 1:
                res_left = self.op(res_left, self.data[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                res_right = self.op(self.data[hi], res_right)
            lo //= 2
            hi //= 2
        return self.op(res_left, res_right)

    def all_fold(self):
        return self.data[1]

    def to_list(self):
        return [self.get(i) for i in range(self.n)]


class Compressor:
    def __init__(self, values):
        self.sorted_values = sorted(set(values))
        self.index = {v: i for i, v in enumerate(self.sorted_values)}

    def __len__(self):
        return len(self.sorted_values)

    def encode(self, v):
        return self.index[v]

    def decode(self, i):
        return self.sorted_values[i]


class Scanner:
    def __init__(self):
        self.buffer = []
        self.pos = 0

    def _fill(self):
        while self.pos >= len(self.buffer):
            line = sys.stdin.readline()
            if not line:
                return False
            self.buffer = line.split()
            self.pos = 0
        return True

    def next_int(self):
        if not self._fill():
            return 0
        v = int(self.buffer[self.pos])
        self.pos += 1
        return v

    def next_ints(self, k):
        return [self.next_int() for _ in range(k)]


def bigger(x, y):
    if x > y:
        return x
    return y


def longest_chain(seq):
    if not seq:
        return 0
    comp = Compressor(seq)
    tree = SegmentTree(len(comp), 0, bigger)
    tree.build([0] * len(comp))
    best = 0
    for v in seq:
        c = comp.encode(v)
        length = tree.fold(0, c + 1) + 1
        tree.chmax(c, length)
        if length > best:
            best = length
    return best


def check_sorted(seq):
    for i in range(len(seq) - 1):
        if seq[i] > seq[i + 1]:
            return False
    return True


def solve(n, a):
    if check_sorted(a):
        return 0
    keep = longest_chain(a)
    return n - keep


def main():
    sc = Scanner()
    n = sc.next_int()
    a = sc.next_ints(n)
    ans = solve(n, a)
    sys.stdout.write(str(ans) + "\n")


main()

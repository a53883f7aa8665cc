import sys


def read_ints():
    return [int(x) for x in sys.stdin.buffer.read().split()]


class RangeSums:
    def __init__(self, values):
        self.pre = [0] * (len(values) + 1)
        for i, v in enumerate(values):
            self.pre[i + 1] = self.pre[i] + v

    def query(self, left, right):
        return self.pre[right + 1] - self.pre[left]


class Memo:
    def __init__(self, n):
        self.n = n
        self.table = [[-1] * n for _ in range(n)]

    def known(self, l, r):
        return self.table[l][r] >= 0

    def get(self, l, r):
        return self.table[l][r]

    def store(self, l, r, v):
        self.table[l][r] = v


def solve_iterative(values):
    n = len(values)
    if n <= 1:
        return 0
    sums = RangeSums(values)
    memo = Memo(n)
    for i in range(n):
        memo.store(i, i, 0)
    stack = [(0, n - 1)]
    while stack:
        l, r = stack[-1]
        if memo.known(l, r):
            stack.pop()
            continue
        missing = []
        for m in range(l, r):
            if not memo.known(l, m):
                missing.append((l, m))
            if not memo.known(m + 1, r):
                missing.append((m + 1, r))
        if missing:
            stack.extend(missing)
            continue
        best = None
        for m in range(l, r):
            cand = memo.get(l, m) + memo.get(m + 1, r)
            if best is None or cand < best:
                best = cand
        memo.store(l, r, best + sums.query(l, r))
        stack.pop()
    return memo.get(0, n - 1)


def pretty(values):
    return "[" + ", ".join(str(v) for v in values) + "]"


def main():
    nums = read_ints()
    n = nums[0]
    values = nums[1:1 + n]
    answer = solve_iterative(values)
    sys.stdout.write(str(answer))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

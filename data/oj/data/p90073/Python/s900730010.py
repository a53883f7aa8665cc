import sys


class Solver:
    def __init__(self, n, arr):
        self.n = n
        self.arr = arr
        self.memo = {}

    def set_value(self, p, x):
        self.arr[p] = x
        stale = []
        for key in self.memo:
            if key[0] <= p < key[1]:
                stale.append(key)
        for key in stale:
            del self.memo[key]

    def ask(self, l, r):
        key = (l, r)
        if key in self.memo:
            return self.memo[key]
        seg = self.arr[l:r + 1]
        m = min(seg)
        c = seg.count(m)
        self.memo[key] = (m, c)
        return (m, c)


def main():
    readline = sys.stdin.readline
    n, q = map(int, readline().split())
    arr = list(map(int, readline().split()))
    solver = Solver(n, arr)
    out = []
    for _ in range(q):
        t, x, y = map(int, readline().split())
        if t == 1:
            solver.set_value(x - 1, y)
        else:
            m, c = solver.ask(x - 1, y - 1)
            out.append("%d %d" % (m, c))
    print("\n".join(out))


if __name__ == "__main__":
    main()

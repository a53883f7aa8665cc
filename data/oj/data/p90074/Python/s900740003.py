import sys
from bisect import bisect_right


class BIT:
    def __init__(self, n):
        self.n = n
        self.data = [0] * (n + 1)

    def add(self, i, x=1):
        i += 1
        while i <= self.n:
            self.data[i] += x
            i += i & -i

    def sum(self, i):
        s = 0
        while i > 0:
            s += self.data[i]
            i -= i & -i
        return s


def read_int():
    return int(sys.stdin.readline())


def read_list():
    return list(map(int, sys.stdin.readline().split()))


def compress(A):
    vals = sorted(set(A))
    idx = {}
    for k, v in enumerate(vals):
        idx[v] = k
    return vals, idx


def main():
    N = read_int()
    A = read_list()
    vals, idx = compress(A)
    m = len(vals)
    bit = BIT(m)
    ans = 0
    inserted = 0
    for a in A:
        k = bisect_right(vals, 2 * a)
        ans += inserted - bit.sum(k)
        bit.add(idx[a])
        inserted += 1
    print(ans)


if __name__ == "__main__":
    main()

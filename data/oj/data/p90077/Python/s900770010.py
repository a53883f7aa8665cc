import sys


class SparseTable:
    def __init__(self, values, func):
        self.func = func
        self.n = len(values)
        self.log = [0] * (self.n + 1)
        for i in range(2, self.n):
            self.log[i] = self.log[i // 2] + 1
        self.table = [list(values)]
        j = 1
        while (1 << j) <= self.n:
            prev = self.table[j - 1]
            half = 1 << (j - 1)
            row = []
            for i in range(self.n - (1 << j) + 1):
                row.append(func(prev[i], prev[i + half]))
            self.table.append(row)
            j += 1

    def __len__(self):
        return self.n

    def levels(self):
        return len(self.table)

    def query(self, left, right):
        length = right - left
        j = self.log[length]
        row = self.table[j]
        return self.func(row[left], row[right - (1 << j)])


def brute(a, k):
    result = []
    for i in range(len(a) - k + 1):
        window = a[i:i + k]
        result.append(max(window) - min(window))
    return result


def read():
    n, k = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    return n, k, a


def spreads(a, k):
    high = SparseTable(a, max)
    low = SparseTable(a, min)
    result = []
    for i in range(len(a) - k + 1):
        result.append(high.query(i, i + k) - low.query(i, i + k))
    return result


def main():
    n, k, a = read()
    result = spreads(a, k)
    print(" ".join(map(str, result)))


main()

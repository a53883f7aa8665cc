import sys


class Counter:
    def __init__(self, data):
        self.data = list(data)
        self.buffer = [0] * len(self.data)
        self.pairs = 0

    def count_cross(self, lo, mid, hi):
        j = mid
        for i in range(lo, mid):
            while j < hi and self.data[i] > 2 * self.data[j]:
                j += 1
            self.pairs += j - mid

    def merge(self, lo, mid, hi):
        i = lo
        j = mid
        k = lo
        while i < mid and j < hi:
            if self.data[i] <= self.data[j]:
                self.buffer[k] = self.data[i]
                i += 1
            else:
                self.buffer[k] = self.data[j]
                j += 1
            k += 1
        while i < mid:
            self.buffer[k] = self.data[i]
            i += 1
            k += 1
        while j < hi:
            self.buffer[k] = self.data[j]
            j += 1
            k += 1
        for t in range(lo, hi):
            self.data[t] = self.buffer[t]

    def sort(self, lo, hi):
        if hi - lo <= 1:
            return
        mid = (lo + hi) // 2
        self.sort(lo, mid)
        self.sort(mid, hi)
        self.count_cross(lo, mid, hi)
        self.merge(lo, mid, hi)

    def solve(self):
        self.sort(0, len(self.data))
        return self.pairs


def main():
    n = int(sys.stdin.readline())
    a = list(map(int, sys.stdin.readline().split()))
    print(Counter(a).solve())


main()

import sys


class Stones:
    def __init__(self, values):
        self.items = list(values)
        self.spent = 0

    def size(self):
        return len(self.items)

    def find_pair(self):
        a = self.items
        n = len(a)
        for i in range(1, n - 1):
            if a[i - 1] <= a[i + 1]:
                return i
        return n - 1

    def combine(self, k):
        a = self.items
        merged = a[k - 1] + a[k]
        self.spent += merged
        del a[k - 1:k + 1]
        return merged

    def place(self, merged, start):
        a = self.items
        j = start
        while j >= 0 and a[j] < merged:
            j -= 1
        a.insert(j + 1, merged)

    def step(self):
        k = self.find_pair()
        merged = self.combine(k)
        self.place(merged, k - 2)


def garsia_wachs(values):
    stones = Stones(values)
    while stones.size() > 1:
        stones.step()
    return stones.spent


def main():
    n = int(sys.stdin.readline())
    a = list(map(int, sys.stdin.readline().split()))
    print(garsia_wachs(a[:n]))


main()

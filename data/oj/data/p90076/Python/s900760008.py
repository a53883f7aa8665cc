import sys
import heapq


class Item:
    def __init__(self, length, parts):
        self.length = length
        self.parts = parts

    def value(self):
        return self.length / self.parts

    def split_once(self):
        return Item(self.length, self.parts + 1)

    def __lt__(self, other):
        return self.length * other.parts > other.length * self.parts


def longest_by_search(a, k):
    lo, hi = 0.0, float(max(a))
    for _ in range(100):
        mid = (lo + hi) / 2
        need = 0
        for x in a:
            need += -(-x // mid) - 1
        if need <= k:
            hi = mid
        else:
            lo = mid
    return hi


def read_input():
    readline = sys.stdin.readline
    n, k = map(int, readline().split())
    a = list(map(int, readline().split()))
    return n, k, a


def longest_after_cuts(a, k):
    heap = [Item(x, 1) for x in a]
    heapq.heapify(heap)
    for _ in range(k):
        top = heap[0]
        heapq.heapreplace(heap, top.split_once())
    return heap[0].value()


def main():
    n, k, a = read_input()
    print("%.10f" % longest_after_cuts(a, k))


main()

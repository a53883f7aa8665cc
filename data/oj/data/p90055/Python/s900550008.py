import heapq
import sys


class MaxHeap:
    def __init__(self, items):
        self.items = [-x for x in items]
        heapq.heapify(self.items)

    def __len__(self):
        return len(self.items)

    def push(self, x):
        heapq.heappush(self.items, -x)

    def pop(self):
        return -heapq.heappop(self.items)

    def top(self):
        return -self.items[0]


def differencing(values):
    heap = MaxHeap(values)
    while len(heap) > 1:
        a = heap.pop()
        b = heap.pop()
        heap.push(a - b)
    return heap.top()


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    values = [int(x) for x in data[1:n + 1]]
    print(differencing(values))


main()

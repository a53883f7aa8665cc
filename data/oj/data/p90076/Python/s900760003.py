import heapq
import sys


def read_input():
    n, k = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    return n, k, a


def build_heap(a):
    heap = []
    for x in a:
        heap.append((-x, x, 1))
    heapq.heapify(heap)
    return heap


def spend_cuts(heap, k):
    for _ in range(k):
        _, x, p = heapq.heappop(heap)
        p += 1
        heapq.heappush(heap, (-x / p, x, p))
    return heap


def longest_piece(heap):
    best = 0
    for _, x, p in heap:
        best = max(best, x / p)
    return best


n, k, a = read_input()
heap = spend_cuts(build_heap(a), k)
print(longest_piece(heap))

import heapq
import sys

def main():
    input = sys.stdin.readline
    n, c = map(int, input().split())
    meets = []
    for _ in range(n):
        s, e = map(int, input().split())
        meets.append((e, s))
    meets.sort()

    heap = []
    rooms = 0
    for e, s in meets:
        if heap and heap[0] <= s:
            heapq.heappop(heap)
        else:
            rooms += 1
        heapq.heappush(heap, e + c)
    print(rooms)

main()

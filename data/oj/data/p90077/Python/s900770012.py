import sys
import heapq

def main():
    n, k = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    hi = []
    lo = []
    gone = set()
    out = []
    for i in range(n):
        heapq.heappush(hi, -a[i])
        heapq.heappush(lo, a[i])
        if i >= k:
            gone.add(a[i - k])
        if i >= k - 1:
            while -hi[0] in gone:
                gone.discard(-heapq.heappop(hi))
            while lo[0] in gone:
                gone.discard(heapq.heappop(lo))
            out.append(-hi[0] - lo[0])
    print(*out)

main()

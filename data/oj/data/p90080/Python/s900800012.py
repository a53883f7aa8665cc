import sys
import heapq


def solve(n, m, k, a, b):
    if k == 1:
        return min(a) + min(b)
    if k == n * m:
        return a[-1] + b[-1]
    a.sort()
    b.sort()
    pq = [(a[0] + b[j], 0, j) for j in range(m)]
    heapq.heapify(pq)
    for _ in range(k - 1):
        s, i, j = heapq.heappop(pq)
        if i + 1 < n:
            heapq.heappush(pq, (a[i + 1] + b[j], i + 1, j))
    return pq[0][0]


def main():
    n, m, k = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    b = list(map(int, sys.stdin.readline().split()))
    print(solve(n, m, k, a, b))


main()

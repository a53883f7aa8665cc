import heapq
import sys
from collections import defaultdict, deque
from math import gcd, isqrt

input = sys.stdin.readline
sys.setrecursionlimit(10 ** 7)
MOD = 10 ** 9 + 7
INF = 1 << 62


def ni():
    return int(input())


def nm():
    return map(int, input().split())


def nl():
    return list(map(int, input().split()))


class Fenwick:
    def __init__(self, n):
        self.n = n
        self.bit = [0] * (n + 1)

    def add(self, i, x):
        i += 1
        while i <= self.n:
            self.bit[i] += x
            i += i & -i

    def sum(self, i):
        s = 0
        while i > 0:
            s += self.bit[i]
            i -= i & -i
        return s

    def range_sum(self, l, r):
        return self.sum(r) - self.sum(l)


def factorize(n):
    res = defaultdict(int)
    d = 2
    while d * d <= n:
        while n % d == 0:
            res[d] += 1
            n //= d
        d += 1
    if n > 1:
        res[n] += 1
    return res


def divisors(n):
    small = []
    large = []
    for d in range(1, isqrt(n) + 1):
        if n % d == 0:
            small.append(d)
            if d != n // d:
                large.append(n // d)
    return small + large[::-1]


def bfs(graph, start):
    dist = [-1] * len(graph)
    dist[start] = 0
    q = deque([start])
    while q:
        v = q.popleft()
        for to in graph[v]:
            if dist[to] == -1:
                dist[to] = dist[v] + 1
                q.append(to)
    return dist


def dfs_order(graph, root):
    order = []
    stack = [root]
    seen = [False] * len(graph)
    seen[root] = True
    while stack:
        v = stack.pop()
        order.append(v)
        for to in graph[v]:
            if not seen[to]:
                seen[to] = True
                stack.append(to)
    return order


def main():
    n, m, k = nm()
    a = sorted(nl())
    b = sorted(nl())

    heap = [(a[i] + b[0], i, 0) for i in range(n)]
    heapq.heapify(heap)
    for _ in range(k - 1):
        s, i, j = heapq.heappop(heap)
        if j + 1 < m:
            heapq.heappush(heap, (a[i] + b[j + 1], i, j + 1))
    print(heap[0][0])


main()

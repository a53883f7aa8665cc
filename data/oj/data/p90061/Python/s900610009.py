import sys
import math
import bisect
import heapq
import itertools
from collections import deque, defaultdict, Counter
from functools import lru_cache

sys.setrecursionlimit(10 ** 7)
INF = float('inf')
MOD = 10 ** 9 + 7
input = lambda: sys.stdin.readline().rstrip()


def I(): return int(input())
def MI(): return map(int, input().split())
def LI(): return list(map(int, input().split()))
def LI1(): return list(map(lambda x: int(x) - 1, input().split()))
def S(): return input()
def LS(): return input().split()
def yes(): print("Yes")
def no(): print("No")


data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
A = [int(x) for x in data[2:2 + 2 * n:2]]
B = [int(x) for x in data[3:3 + 2 * n:2]]

idle = list(range(k))
heapq.heapify(idle)
busy = []
ans = [None] * n
wait = 0
for i in sorted(range(n), key=lambda x: (A[x], x)):
    t = A[i]
    while busy and busy[0][0] <= t:
        heapq.heappush(idle, heapq.heappop(busy)[1])
    if not idle:
        t = busy[0][0]
        while busy and busy[0][0] <= t:
            heapq.heappush(idle, heapq.heappop(busy)[1])
    j = heapq.heappop(idle)
    heapq.heappush(busy, (t + B[i], j))
    ans[i] = (j + 1, t)
    wait += t - A[i]

sys.stdout.write("".join("%d %d\n" % p for p in ans))
print(wait / n)

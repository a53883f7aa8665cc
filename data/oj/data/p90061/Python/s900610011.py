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


n, k, *rest = map(int, sys.stdin.read().split())
arr = rest[0::2]
srv = rest[1::2]
free = [0] * k
start = [0] * n
desk = [0] * n
for i in sorted(range(n), key=lambda i: (arr[i], srv[i])):
    t = max(arr[i], min(free))
    d = min(j for j in range(k) if free[j] <= t)
    free[d] = t + srv[i]
    start[i], desk[i] = t, d + 1
print("\n".join(f"{desk[i]} {start[i]}" for i in range(n)))
print(sum(s - a for s, a in zip(start, arr)) / n)

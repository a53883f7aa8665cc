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


s = S()
first = {0: 0}
bal = 0
best = 0
ways = 0
for i, ch in enumerate(s, 1):
    if ch == '(':
        bal += 1
        if bal not in first:
            first[bal] = i
    else:
        first.pop(bal, None)
        bal -= 1
        if bal in first:
            cur = i - first[bal]
            if cur > best:
                best, ways = cur, 1
            elif cur == best:
                ways += 1
        else:
            first[bal] = i
print(best, ways if best else 1)

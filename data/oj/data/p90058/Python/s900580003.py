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


T = S()
N = len(T)
dp = [0] * N
for i in range(1, N):
    if T[i] != ')':
        continue
    if T[i - 1] == '(':
        dp[i] = (dp[i - 2] if i >= 2 else 0) + 2
    else:
        j = i - dp[i - 1] - 1
        if j >= 0 and T[j] == '(':
            dp[i] = dp[i - 1] + 2 + (dp[j - 1] if j >= 1 else 0)

mx = max(dp) if N else 0
if mx == 0:
    print("0 1")
else:
    print(mx, dp.count(mx))

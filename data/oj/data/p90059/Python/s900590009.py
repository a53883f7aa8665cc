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


def occurrences(t, p):
    cnt = 0
    first = last = -1
    i = t.find(p)
    while i != -1:
        cnt += 1
        if first == -1:
            first = i + 1
        last = i + 1
        i = t.find(p, i + len(p))
    return cnt, first, last


def main():
    t = input().strip()
    q = int(input())
    ans = []
    for _ in range(q):
        p = input().strip()
        cnt, first, last = occurrences(t, p)
        ans.append(f"{cnt} {first} {last}" if cnt else "0")
    print(*ans, sep="\n")


main()

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


def show(stack, i):
    print("pos", i, "stack", stack, file=sys.stderr)


def main():
    s = sys.stdin.readline().strip()
    stack = [-1]
    best = 0
    count = 0
    for i, c in enumerate(s):
        if c == '(':
            stack.append(i)
            continue
        stack.pop()
        if not stack:
            stack.append(i)
            continue
        length = i - stack[-1]
        if length > best:
            best = length
            count = 1
        elif length == best:
            count += 1
    print(best, count)


if __name__ == '__main__':
    main()

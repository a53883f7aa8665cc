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


def is_palindrome(t):
    return t == t[::-1]


def brute(s):
    cnt = 0
    kinds = set()
    for i in range(len(s)):
        for j in range(i + 1, len(s) + 1):
            if is_palindrome(s[i:j]):
                cnt += 1
                kinds.add(s[i:j])
    return cnt, len(kinds)


def main():
    s = sys.stdin.readline().strip()
    n = len(s)
    total = 0
    seen = set()
    for i in range(n):
        l, r = i, i
        while l >= 0 and r < n and s[l] == s[r]:
            total += 1
            seen.add(s[l:r + 1])
            l -= 1
            r += 1
    for i in range(n - 2):
        l, r = i, i + 1
        while l >= 0 and r < n and s[l] == s[r]:
            total += 1
            seen.add(s[l:r + 1])
            l -= 1
            r += 1
    print(total, len(seen))


if __name__ == "__main__":
    main()

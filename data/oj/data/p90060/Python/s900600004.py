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


def free_runs(grid, h, w):
    up = [[0] * w for _ in range(h)]
    down = [[0] * w for _ in range(h)]
    left = [[0] * w for _ in range(h)]
    right = [[0] * w for _ in range(h)]
    for i in range(h):
        for j in range(w):
            if i > 0 and grid[i - 1][j] != '#':
                up[i][j] = up[i - 1][j] + 1
            if j > 0 and grid[i][j - 1] != '#':
                left[i][j] = left[i][j - 1] + 1
    for i in range(h - 1, -1, -1):
        for j in range(w - 1, -1, -1):
            if i < h - 1 and grid[i + 1][j] != '#':
                down[i][j] = down[i + 1][j] + 1
            if j < w - 1 and grid[i][j + 1] != '#':
                right[i][j] = right[i][j + 1] + 1
    return {'U': up, 'D': down, 'L': left, 'R': right}


def tokens(cmd):
    res = []
    for key, grp in itertools.groupby(cmd, key=str.isdigit):
        part = "".join(grp)
        if key:
            res[-1] = (res[-1][0], int(part))
        else:
            for ch in part:
                res.append((ch, 1))
    return res


def main():
    h, w = MI()
    grid = [S() for _ in range(h)]
    cmd = S()
    runs = free_runs(grid, h, w)
    step = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}
    r = c = 0
    for i in range(h):
        for j in range(w):
            if grid[i][j] == 'S':
                r, c = i, j
    visited = {(r, c)}
    bumps = 0
    for d, k in tokens(cmd):
        can = runs[d][r][c]
        go = min(can, k)
        dr, dc = step[d]
        for _ in range(go):
            r += dr
            c += dc
            visited.add((r, c))
        bumps += k - go
    print(r + 1, c + 1)
    print(len(visited))
    print(bumps)


main()

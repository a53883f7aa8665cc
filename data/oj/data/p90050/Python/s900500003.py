import sys
from bisect import bisect_right

input = sys.stdin.readline

n = int(input())
A = [int(v) for v in input().split()]

piles = []
for v in A:
    pos = bisect_right(piles, v)
    if pos == len(piles):
        piles.append(v)
    else:
        piles[pos] = v

print(n - len(piles))

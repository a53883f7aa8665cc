import sys
from itertools import combinations
from math import gcd

input = sys.stdin.readline

n = int(input())
a = list(map(int, input().split()))
print(sum(1 for x, y in combinations(a, 2) if gcd(x, y) == 1))

import sys
from math import gcd

input = sys.stdin.readline

n = int(input())
pts = [tuple(map(int, input().split())) for _ in range(n)]
s = 0
for i in range(n):
    x1, y1 = pts[i]
    x2, y2 = pts[(i + 1) % n]
    s += x1 * y2 - x2 * y1
b = sum(gcd(abs(pts[(i + 1) % n][0] - pts[i][0]), abs(pts[(i + 1) % n][1] - pts[i][1])) for i in range(n))
area2 = abs(s)
print(b, (area2 - b + 2) // 2)

import sys
from bisect import bisect_left

input = sys.stdin.readline

N = int(input())
R = [list(map(int, input().split())) for _ in range(N)]

X = sorted(set(v for r in R for v in (r[0], r[2])))
Y = sorted(set(v for r in R for v in (r[1], r[3])))
W = len(X)
H = len(Y)

diff = [[0] * (H + 1) for _ in range(W + 1)]
for x1, y1, x2, y2 in R:
    i1 = bisect_left(X, x1)
    i2 = bisect_left(X, x2)
    j1 = bisect_left(Y, y1)
    j2 = bisect_left(Y, y2)
    diff[i1][j1] += 1
    diff[i1][j2] -= 1
    diff[i2][j1] -= 1
    diff[i2][j2] += 1

for i in range(W):
    row = diff[i]
    for j in range(1, H):
        row[j] += row[j - 1]
for i in range(1, W):
    prev = diff[i - 1]
    row = diff[i]
    for j in range(H):
        row[j] += prev[j]

area = 0
for i in range(W - 1):
    dx = X[i + 1] - X[i]
    row = diff[i]
    for j in range(H - 1):
        if row[j] > 0:
            area += dx * (Y[j + 1] - Y[j])
print(area)

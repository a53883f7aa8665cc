from math import gcd

n = int(input())
pts = [tuple(map(int, input().split())) for _ in range(n)]
s = 0
b = 0
for i in range(n):
    x1, y1 = pts[i]
    x2, y2 = pts[(i + 1) % n]
    s += x1 * y2 - x2 * y1
    b += gcd(abs(x2 - x1), abs(y2 - y1))
area = abs(s) / 2
inside = int(area - b / 2 + 1)
print(b, inside)

import sys
from fractions import Fraction

read = sys.stdin.buffer.read
readline = sys.stdin.buffer.readline
readlines = sys.stdin.buffer.readlines


def chmax(a, b):
    return a if a >= b else b


def chmin(a, b):
    return a if a <= b else b


n, k = map(int, input().split())
cust = [tuple(map(int, input().split())) + (i,) for i in range(n)]
cust.sort(key=lambda c: (c[0], c[2]))
free = [0] * k
result = {}
waits = []
for a, b, i in cust:
    t = max(a, min(free))
    j = next(j for j in range(k) if free[j] <= t)
    free[j] = t + b
    result[i] = (j + 1, t)
    waits.append(t - a)
for i in range(n):
    print(*result[i])
avg = Fraction(sum(waits), n)
print(f"{float(avg):.9f}")

from bisect import bisect_left, bisect_right

n, k = map(int, input().split())
a = sorted(map(int, input().split()))
res = 0
for i, x in enumerate(a):
    lo = bisect_left(a, k - x, i + 1)
    hi = bisect_right(a, k - x, i + 1)
    res += hi - lo
print(res)

n, k = map(int, input().split())
a = list(map(int, input().split()))

if k > 0:
    res = a[-k:] + a[:-k]
else:
    res = a

print(*res)

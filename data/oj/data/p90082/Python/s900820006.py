n, k = map(int, input().split())
a = sorted(map(int, input().split()))
lo, hi = 0, n - 1
count = 0
while lo < hi:
    s = a[lo] + a[hi]
    if s == k:
        count += 1
        lo += 1
        hi -= 1
    elif s < k:
        lo += 1
    else:
        hi -= 1
print(count)

n = int(input())
a = list(map(int, input().split()))
cur = a[0]
out = []
for x in a:
    if x > cur:
        cur = x
    out.append(cur)
print(*out)

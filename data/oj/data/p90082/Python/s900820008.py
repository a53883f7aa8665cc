n, k = map(int, input().split())
values = set(map(int, input().split()))
ans = 0
for v in values:
    if k - v in values and v < k - v:
        ans += 1
    elif k - v == v:
        ans += 1
print(ans)

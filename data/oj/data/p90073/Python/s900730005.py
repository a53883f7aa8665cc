n, q = map(int, input().split())
a = list(map(int, input().split()))
res = []
for _ in range(q):
    t, x, y = map(int, input().split())
    if t == 1:
        a[x - 1] = y
    else:
        part = a[x - 1:y]
        m = min(part)
        res.append(f"{m} {part.count(m)}")
print(*res, sep="\n")

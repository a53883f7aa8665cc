from collections import Counter

n, k = map(int, input().split())
c = Counter(map(int, input().split()))
ans = 0
for v, m in c.items():
    w = k - v
    if v < w:
        ans += m * c.get(w, 0)
    elif v == w:
        ans += m * (m - 1) // 2
print(ans)

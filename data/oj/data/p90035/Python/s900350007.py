n, cap = map(int, input().split())
items = []
for _ in range(n):
    w, v = map(int, input().split())
    items.append((v / w, w, v))

items.sort(reverse=True)
room = cap
total = 0
for ratio, w, v in items:
    if w <= room:
        room -= w
        total += v
print(total)

s = input().strip()
depth = 0
best = 0
ok = True
for ch in s:
    if ch == "(":
        depth += 1
        best = max(best, depth)
    else:
        depth -= 1
        if depth < 0:
            ok = False
            break
print(best if ok and depth == 0 else -1)

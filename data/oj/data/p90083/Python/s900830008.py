s = input().strip()
depth = 0
best = 0
for ch in s:
    if ch == "(":
        depth += 1
        best = max(best, depth)
    else:
        depth -= 1
        if depth < 0:
            best = -1
            break
print(best)

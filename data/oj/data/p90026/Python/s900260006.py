h, w = map(int, input().split())
g = [input() for _ in range(h)]

islands = 0
for i in range(h):
    for j in range(w):
        if g[i][j] != "#":
            continue
        up = i > 0 and g[i - 1][j] == "#"
        left = j > 0 and g[i][j - 1] == "#"
        if not up and not left:
            islands += 1
print(islands)

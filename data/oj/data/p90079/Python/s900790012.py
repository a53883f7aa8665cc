# read input
def inside(a, b):
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


n = int(input())
rects = []
for _ in range(n):
    rects.append(tuple(map(int, input().split())))

# build the list of rectangles to use
kept = []
for i in range(n):
    dominated = False
    for j in range(n):
        if i != j and inside(rects[i], rects[j]):
            dominated = True
            break
    if not dominated:
        kept.append(rects[i])

xs = sorted(set([r[0] for r in kept] + [r[2] for r in kept]))
ys = sorted(set([r[1] for r in kept] + [r[3] for r in kept]))
xi = {v: i for i, v in enumerate(xs)}
yi = {v: i for i, v in enumerate(ys)}

grid = [[0] * (len(ys) + 1) for _ in range(len(xs) + 1)]
for x1, y1, x2, y2 in kept:
    grid[xi[x1]][yi[y1]] += 1
    grid[xi[x1]][yi[y2]] -= 1
    grid[xi[x2]][yi[y1]] -= 1
    grid[xi[x2]][yi[y2]] += 1

for i in range(len(xs)):
    for j in range(len(ys)):
        if i > 0:
            grid[i][j] += grid[i - 1][j]
        if j > 0:
            grid[i][j] += grid[i][j - 1]
        if i > 0 and j > 0:
            grid[i][j] -= grid[i - 1][j - 1]

area = 0
for i in range(len(xs) - 1):
    for j in range(len(ys) - 1):
        if grid[i][j] > 0:
            area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
print(area)

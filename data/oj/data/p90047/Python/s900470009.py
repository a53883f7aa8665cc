H, W = map(int, input().split())
grid = [list(input()) for _ in range(H)]

INF = 10 ** 9
best = [[INF] * W for _ in range(H)]
for i in range(H):
    for j in range(W):
        if grid[i][j] == 'S':
            best[i][j] = 0
        if grid[i][j] == 'G':
            gi, gj = i, j

changed = True
for _ in range(2):
    changed = False
    for i in range(H):
        for j in range(W):
            if grid[i][j] == 'X':
                continue
            add = 1 if grid[i][j] == '#' else 0
            m = best[i][j]
            if i > 0 and best[i - 1][j] + add < m:
                m = best[i - 1][j] + add
            if i < H - 1 and best[i + 1][j] + add < m:
                m = best[i + 1][j] + add
            if j > 0 and best[i][j - 1] + add < m:
                m = best[i][j - 1] + add
            if j < W - 1 and best[i][j + 1] + add < m:
                m = best[i][j + 1] + add
            if m < best[i][j]:
                best[i][j] = m
                changed = True
    for i in range(H - 1, -1, -1):
        for j in range(W - 1, -1, -1):
            if grid[i][j] == 'X':
                continue
            add = 1 if grid[i][j] == '#' else 0
            m = best[i][j]
            if i > 0 and best[i - 1][j] + add < m:
                m = best[i - 1][j] + add
            if i < H - 1 and best[i + 1][j] + add < m:
                m = best[i + 1][j] + add
            if j > 0 and best[i][j - 1] + add < m:
                m = best[i][j - 1] + add
            if j < W - 1 and best[i][j + 1] + add < m:
                m = best[i][j + 1] + add
            if m < best[i][j]:
                best[i][j] = m
                changed = True

if best[gi][gj] >= INF:
    print(-1)
else:
    print(best[gi][gj])

from collections import deque

h, w = map(int, input().split())
a = [input() for _ in range(h)]
for i in range(h):
    for j in range(w):
        if a[i][j] == 'S':
            s = (i, j)
        if a[i][j] == 'G':
            t = (i, j)

d = [[-1] * w for _ in range(h)]
d[s[0]][s[1]] = 0
q = deque([s])
while q:
    i, j = q.popleft()
    for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        ni, nj = i + di, j + dj
        if 0 <= ni < h and 0 <= nj < w and d[ni][nj] == -1 and a[ni][nj] != 'X':
            if a[ni][nj] == '#':
                d[ni][nj] = d[i][j] + 1
                q.append((ni, nj))
            else:
                d[ni][nj] = d[i][j]
                q.appendleft((ni, nj))
print(d[t[0]][t[1]])

import sys
input = sys.stdin.readline

h, w = map(int, input().split())
g = [input().rstrip() for _ in range(h)]
s = input().rstrip()

for i in range(h):
    for j in range(w):
        if g[i][j] == 'S':
            x, y = i, j

D = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}
cmds = []
i = 0
while i < len(s):
    c = s[i]
    j = i + 1
    while j < len(s) and s[j].isdigit():
        j += 1
    k = int(s[i + 1:j]) if j > i + 1 else 1
    cmds.append((c, k))
    i = j

vis = set()
vis.add(x * h + y)
bump = 0
for c, k in cmds:
    dx, dy = D[c]
    moved = 0
    while moved < k:
        nx, ny = x + dx, y + dy
        if not (0 <= nx < h and 0 <= ny < w) or g[nx][ny] == '#':
            break
        x, y = nx, ny
        vis.add(x * h + y)
        moved += 1
    bump += k - moved

print(x + 1, y + 1)
print(len(vis))
print(bump)

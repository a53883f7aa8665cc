import re
import sys

H, W = map(int, input().split())
G = [input() for _ in range(H)]
C = input()
for i in range(H):
    j = G[i].find('S')
    if j >= 0:
        y, x = i, j
seen = {(y, x)}
bump = 0
move = {'U': (-1, 0), 'D': (1, 0), 'L': (0, -1), 'R': (0, 1)}
for d, k in re.findall(r'([UDLR])(\d*)', C):
    k = int(k) if k else 1
    dy, dx = move[d]
    for t in range(k):
        ny, nx = y + dy, x + dx
        if 0 <= ny < H and 0 <= nx < W and G[ny][nx] != '#':
            y, x = ny, nx
            seen.add((y, x))
        else:
            bump += k - t
            break
print(y + 1, x + 1)
print(len(seen))
print(bump)

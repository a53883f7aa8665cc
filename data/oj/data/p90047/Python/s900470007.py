from collections import deque

height, width = map(int, input().split())
board = []
for row_number in range(height):
    line = input()
    board.append(line)

start_row = 0
start_col = 0
goal_row = 0
goal_col = 0
for r in range(height):
    for c in range(width):
        if board[r][c] == 'S':
            start_row = r
            start_col = c
        if board[r][c] == 'G':
            goal_row = r
            goal_col = c

NOT_YET = -1
punches = []
for r in range(height):
    punches.append([NOT_YET] * width)

finished = []
for r in range(height):
    finished.append([False] * width)

queue = deque()
queue.append((start_row, start_col))
punches[start_row][start_col] = 0

while len(queue) > 0:
    r, c = queue.popleft()
    if finished[r][c]:
        continue
    finished[r][c] = True
    current = punches[r][c]
    for dr, dc in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
        nr = r + dr
        nc = c + dc
        if nr < 0 or nr >= height:
            continue
        if nc < 0 or nc >= width:
            continue
        cell = board[nr][nc]
        if cell == 'X':
            continue
        if finished[nr][nc]:
            continue
        if cell == '#':
            new_value = current + 1
        else:
            new_value = current
        if punches[nr][nc] == NOT_YET or new_value < punches[nr][nc]:
            punches[nr][nc] = new_value
            if new_value == current:
                queue.appendleft((nr, nc))
            else:
                queue.append((nr, nc))

print(punches[goal_row][goal_col])

first_line = input().split()
H = int(first_line[0])
W = int(first_line[1])

grid = []
for i in range(H):
    row = input()
    grid.append(row)

command = input()

row_pos = 0
col_pos = 0
for i in range(H):
    for j in range(W):
        if grid[i][j] == 'S':
            row_pos = i
            col_pos = j

visited = []
for i in range(H):
    visited.append([False] * W)
visited[row_pos][col_pos] = True

bump_count = 0

index = 0
while index < len(command):
    direction = command[index]
    index = index + 1
    number_text = ""
    while index < len(command) and command[index] in "0123456789":
        number_text = number_text + command[index]
        index = index + 1
    if number_text == "":
        repeat = 1
    else:
        repeat = int(number_text)

    step = 0
    while step < repeat:
        new_row = row_pos
        new_col = col_pos
        if direction == 'U':
            new_row = row_pos - 1
        elif direction == 'D':
            new_row = row_pos + 1
        elif direction == 'L':
            new_col = col_pos - 1
        elif direction == 'R':
            new_col = col_pos + 1

        blocked = False
        if new_row < 0 or new_row >= H:
            blocked = True
        elif new_col < 0 or new_col >= W:
            blocked = True
        elif grid[new_row][new_col] == '#':
            blocked = True

        if blocked:
            bump_count = bump_count + (repeat - step)
            break
        else:
            row_pos = new_row
            col_pos = new_col
            visited[row_pos][col_pos] = True
        step = step + 1

visited_count = 0
for i in range(H):
    for j in range(W):
        if visited[i][j]:
            visited_count = visited_count + 1

print(row_pos + 1, col_pos + 1)
print(visited_count)
print(bump_count)

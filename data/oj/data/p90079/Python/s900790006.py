# read input
N = int(input())
rectangles = []
for i in range(N):
    parts = input().split()
    x1 = int(parts[0])
    y1 = int(parts[1])
    x2 = int(parts[2])
    y2 = int(parts[3])
    rectangles.append([x1, y1, x2, y2])

# collect all x and y coordinates
x_list = []
y_list = []
for r in rectangles:
    x_list.append(r[0])
    x_list.append(r[2])
    y_list.append(r[1])
    y_list.append(r[3])
x_list = sorted(set(x_list))
y_list = sorted(set(y_list))

x_index = {}
for i in range(len(x_list)):
    x_index[x_list[i]] = i
y_index = {}
for j in range(len(y_list)):
    y_index[y_list[j]] = j

columns = len(x_list) - 1
rows = len(y_list) - 1
grid = []
for j in range(rows):
    grid.append([False] * columns)

for r in rectangles:
    left = x_index[r[0]]
    right = x_index[r[2]]
    bottom = y_index[r[1]]
    top = y_index[r[3]]
    for j in range(bottom, top):
        grid[j][left:right] = [True] * (right - left)

total_area = 0
for j in range(rows):
    height = y_list[j + 1] - y_list[j]
    width_sum = 0
    for i in range(columns):
        if grid[j][i]:
            width_sum = width_sum + (x_list[i + 1] - x_list[i])
    total_area = total_area + width_sum * height

print(total_area)

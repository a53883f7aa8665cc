def my_gcd(a, b):
    while b != 0:
        r = a % b
        a = b
        b = r
    return a


# read input
n = int(input())
x_list = []
y_list = []
for i in range(n):
    line = input().split()
    x_list.append(int(line[0]))
    y_list.append(int(line[1]))

x_list.append(x_list[0])
y_list.append(y_list[0])

# area
area_times_two = 0
for i in range(n):
    area_times_two = area_times_two + x_list[i] * y_list[i + 1]
    area_times_two = area_times_two - x_list[i + 1] * y_list[i]
if area_times_two < 0:
    area_times_two = -area_times_two

# boundary
boundary = 0
for i in range(n):
    dx = x_list[i + 1] - x_list[i]
    dy = y_list[i + 1] - y_list[i]
    if dx == 0:
        count = dy
    elif dy == 0:
        count = abs(dx)
    else:
        count = my_gcd(abs(dx), abs(dy))
    boundary = boundary + count

interior = (area_times_two - boundary + 2) // 2

print(boundary, interior)

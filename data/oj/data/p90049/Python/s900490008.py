s = input()
t = input()

front = 0
while front < len(s) and front < len(t):
    if s[front] == t[front]:
        front = front + 1
    else:
        break

back = 0
while back < len(s) and back < len(t):
    if s[len(s) - 1 - back] == t[len(t) - 1 - back]:
        back = back + 1
    else:
        break
s = s[front:len(s) - back]
t = t[front:len(t) - back]

n = len(s)
m = len(t)


def show_table(table):
    for row in table:
        print(" ".join(str(v) for v in row))


if n == 0:
    print(m)
elif m == 0:
    print(n)
else:
    table = []
    for i in range(n + 1):
        row = []
        for j in range(m + 1):
            row.append(0)
        table.append(row)

    for i in range(n + 1):
        table[i][0] = i
    for j in range(m + 1):
        table[0][j] = j

    for i in range(1, n + 1):
        for j in range(1, m + 1):
            delete_cost = table[i - 1][j] + 1
            insert_cost = table[i][j - 1] + 1
            if s[i - 1] == t[j - 1]:
                replace_cost = table[i - 1][j - 1]
            else:
                replace_cost = table[i - 1][j - 1] + 1
            smallest = delete_cost
            if insert_cost < smallest:
                smallest = insert_cost
            if replace_cost < smallest:
                smallest = replace_cost
            table[i][j] = smallest

    answer = table[n][m]
    print(answer)

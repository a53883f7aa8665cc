n = int(input())
parts = input().split()
a = []
for p in parts:
    a.append(int(p))

total = 0
for x in a:
    total = total + x

table = []
for i in range(n + 1):
    table.append([False] * (total + 1))
table[0][0] = True

for i in range(1, n + 1):
    w = a[i - 1]
    for s in range(total + 1):
        if table[i - 1][s]:
            table[i][s] = True
        elif s >= w and table[i - 1][s - w]:
            table[i][s] = True


def show_row(row):
    text = ""
    for s in range(len(row)):
        if row[s]:
            text = text + str(s) + " "
    print(text)


answer = total
best_red = 0
for s in range(total + 1):
    if table[n][s]:
        red = s
        blue = total - s
        if red > blue:
            diff = red - blue
        else:
            diff = blue - red
        if diff < answer:
            answer = diff
            best_red = red

print(answer)

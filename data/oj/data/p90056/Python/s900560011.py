s = input()
n = len(s)

if len(set(s)) == n:
    print(0)
    exit()

table = []
for i in range(n):
    table.append([0] * n)

for i in range(n):
    table[i][i] = 1

length = 2
while length <= n:
    i = 0
    while i + length - 1 < n:
        j = i + length - 1
        if s[i] == s[j]:
            if length == 2:
                table[i][j] = 2
            else:
                table[i][j] = table[i + 1][j - 1] + 2
        else:
            a = table[i + 1][j]
            b = table[i][j - 1]
            if a > b:
                table[i][j] = a
            else:
                table[i][j] = b
        i = i + 1
    length = length + 1


def show(t):
    for r in range(len(t)):
        line = ""
        for c in range(len(t[r])):
            line = line + str(t[r][c]) + " "
        print(line)


answer = table[0][n - 1]
if answer > n:
    answer = n
if answer < 1:
    answer = 1
print(answer)

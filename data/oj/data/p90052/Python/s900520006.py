n = int(input())
a = list(map(int, input().split()))

total = []
for i in range(n):
    row = []
    s = 0
    for j in range(n):
        if j >= i:
            s = s + a[j]
        row.append(s)
    total.append(row)

best = []
for i in range(n):
    best.append([0] * n)

i = n - 1
while i >= 0:
    j = i + 1
    while j < n:
        smallest = -1
        k = i
        while k < j:
            value = best[i][k] + best[k + 1][j]
            if smallest == -1 or value < smallest:
                smallest = value
            k = k + 1
        best[i][j] = smallest + total[i][j]
        j = j + 1
    i = i - 1


def print_table(t):
    for r in t:
        line = ""
        for v in r:
            line = line + str(v) + "\t"
        print(line)


answer = best[0][n - 1]
print(answer)

import sys

n = int(sys.stdin.readline())
half = (n - 1) // 2
mark = [True] * (half + 1)
mark[0] = False
count = 1
k = 1
while (2 * k + 1) * (2 * k + 1) <= n:
    if mark[k]:
        p = 2 * k + 1
        for j in range((p * p - 1) // 2, half + 1, p):
            mark[j] = False
    k += 1
count += sum(mark)
print(count)

# read input
n, s = map(int, input().split())
a = list(map(int, input().split()))

cnt = 0
for i in range(n):
    t = 0
    for j in range(i, n):
        t += a[j]
        if t <= s:
            cnt += 1
        if t >= s:
            break
print(cnt)

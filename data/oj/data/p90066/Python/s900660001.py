MAX = 20000
sigma = [0] * (MAX + 1)
for d in range(1, MAX + 1):
    for m in range(d, MAX + 1, d):
        sigma[m] += d
pre = [0] * (MAX + 1)
for i in range(1, MAX + 1):
    pre[i] = pre[i - 1] + sigma[i]
q = int(input())
for _ in range(q):
    l, r = map(int, input().split())
    print(pre[r] - pre[l - 1])

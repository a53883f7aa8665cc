from math import gcd

n = int(input())
a = list(map(int, input().split()))
ans = 0
for i in range(n):
    for j in range(i, n):
        if gcd(a[i], a[j]) == 1:
            ans += 1
print(ans)

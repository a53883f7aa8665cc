import math

MOD = 10 ** 9 + 7
LIMIT = 2 ** 63 - 1

n = int(input())
a = list(map(int, input().split()))
g = a[0]
l = a[0]
for i in range(1, n):
    g = math.gcd(g, a[i])
    l = l * a[i] // math.gcd(l, a[i])
    if l > LIMIT:
        l %= MOD
print(g)
print(l % MOD)

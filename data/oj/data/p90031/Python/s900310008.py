import math

t = int(input())
for _ in range(t):
    n = int(input())
    x = int(math.sqrt(n))
    while (x + 1) ** 2 <= n:
        x += 1
    print(x)

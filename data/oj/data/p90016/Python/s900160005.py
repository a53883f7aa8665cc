n = int(input())
a = list(map(int, input().split()))

if n < 2:
    print(-1)
else:
    a.sort()
    print(a[-2])

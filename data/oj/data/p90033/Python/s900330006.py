n = int(input())
a = list(map(int, input().split()))
a.sort()

m = a[n // 2]

print(m)

n, k = map(int, input().split())
a = list(map(int, input().split()))

distinct = sorted(set(a))

print(distinct[k - 1])


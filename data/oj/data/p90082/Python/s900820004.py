from itertools import combinations

n, k = map(int, input().split())
a = list(map(int, input().split()))
print(sum(1 for x, y in combinations(a, 2) if x + y == k))

from bisect import bisect_right

n = int(input())
a = list(map(int, input().split()))

tails = []
for x in a:
    k = bisect_right(tails, x)
    if k == len(tails):
        tails.append(x)
    else:
        tails[k] = x

print(n - len(tails))

import sys

n, q = map(int, sys.stdin.readline().split())
a = list(map(int, sys.stdin.readline().split()))

P = []
run = 0
for x in a:
    run += x
    P.append(run)

for _ in range(q):
    l, r = map(int, sys.stdin.readline().split())
    print(P[r - 1] - P[l - 2])

import sys
input = sys.stdin.readline

Q, P = map(int, input().split())
N = 500
table = [[0] * (N + 1) for _ in range(N + 1)]
for i in range(N + 1):
    table[i][0] = 1 % P
    row = table[i]
    prev = table[i - 1]
    for j in range(1, i + 1):
        row[j] = (prev[j - 1] + prev[j]) % P
out = []
for _ in range(Q):
    n, k = map(int, input().split())
    if k > n:
        out.append(0)
    else:
        out.append(table[n][k])
print("\n".join(map(str, out)))

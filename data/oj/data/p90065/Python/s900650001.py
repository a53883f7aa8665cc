Q, P = map(int, input().split())
N = 500
C = [[0] * (N + 1) for _ in range(N + 1)]
for i in range(N + 1):
    C[i][0] = 1 % P
    for j in range(1, i + 1):
        C[i][j] = (C[i - 1][j - 1] + C[i - 1][j]) % P
ans = []
for _ in range(Q):
    n, k = map(int, input().split())
    if k > n:
        ans.append(0)
    else:
        ans.append(C[n][k])
for a in ans:
    print(a)

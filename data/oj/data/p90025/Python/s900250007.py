MOD = 10**9 + 7
h, w = map(int, input().split())
g = [input() for _ in range(h)]

dp = [[0] * w for _ in range(h)]
for j in range(w):
    dp[0][j] = 1 if g[0][j] == "." else 0
for i in range(h):
    dp[i][0] = 1 if g[i][0] == "." else 0

for i in range(1, h):
    for j in range(1, w):
        if g[i][j] == ".":
            dp[i][j] = (dp[i - 1][j] + dp[i][j - 1]) % MOD

print(dp[h - 1][w - 1])

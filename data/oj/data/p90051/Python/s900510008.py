H, W = map(int, input().split())
G = [input().split() for _ in range(H)]

NEG = -10 ** 18
dp = [[NEG] * W for _ in range(H)]

for i in range(H):
    for j in range(W):
        if G[i][j] == "#":
            continue
        v = int(G[i][j])
        if i == 0 and j == 0:
            dp[i][j] = v
            continue
        best = NEG
        if i > 0 and dp[i - 1][j] > best:
            best = dp[i - 1][j]
        if j > 0 and dp[i][j - 1] > best:
            best = dp[i][j - 1]
        dp[i][j] = best + v

if dp[H - 1][W - 1] == NEG:
    print("Impossible")
else:
    print(dp[H - 1][W - 1])

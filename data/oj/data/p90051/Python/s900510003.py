import sys
input = sys.stdin.readline

H, W = map(int, input().split())
G = [input().split() for _ in range(H)]

NEG = -10 ** 18
dp = [[NEG for _ in range(W)] for _ in range(H)]

for r in range(H):
    for c in range(W):
        if G[r][c] == "#":
            continue
        v = int(G[r][c])
        if r == 0 and c == 0:
            dp[r][c] = v
            continue
        best = NEG
        if r > 0 and dp[r - 1][c] > best:
            best = dp[r - 1][c]
        if c > 0 and dp[r][c - 1] > best:
            best = dp[r][c - 1]
        if best != NEG:
            dp[r][c] = best + v

if dp[H - 1][W - 1] == NEG:
    print("Impossible")
else:
    print(dp[H - 1][W - 1])

import sys
from collections import deque

def input():
    return sys.stdin.readline().rstrip()

n, m = map(int, input().split())
nxt = [[] for _ in range(n + 1)]
cnt = [0] * (n + 1)
for _ in range(m):
    a, b, w = map(int, input().split())
    nxt[a].append((b, w))
    cnt[b] += 1

dq = deque()
for i in range(1, n + 1):
    if cnt[i] == 0:
        dq.append(i)
dp = [-1] * (n + 1)
dp[1] = 0
while dq:
    v = dq.popleft()
    for u, w in nxt[v]:
        if dp[v] != -1:
            if dp[u] == -1 or dp[v] + w > dp[u]:
                dp[u] = dp[v] + w
        cnt[u] -= 1
        if cnt[u] == 0:
            dq.append(u)

if dp[n] == -1:
    print("IMPOSSIBLE")
else:
    print(dp[n])

import sys
from collections import deque

n, q = map(int, sys.stdin.readline().split())
if n == 1:
    print(0)
    sys.exit()
adj = [[] for _ in range(n + 1)]
for _ in range(n - 1):
    a, b, c = map(int, sys.stdin.readline().split())
    adj[a].append((b, c))
    adj[b].append((a, c))

memo = {}


def dist_from(s):
    if s in memo:
        return memo[s]
    d = [-1] * (n + 1)
    d[s] = 0
    dq = deque([s])
    while dq:
        v = dq.popleft()
        for w, c in adj[v]:
            if d[w] < 0:
                d[w] = d[v] + c
                dq.append(w)
    memo[s] = d
    return d


res = []
for _ in range(q):
    u, v = map(int, sys.stdin.readline().split())
    if v in memo:
        u, v = v, u
    res.append(dist_from(u)[v])
print(*res, sep="\n")

import sys
sys.setrecursionlimit(1 << 20)
readline = sys.stdin.readline

N = int(readline())
W = [0] + [int(x) for x in readline().split()]
E = [[] for _ in range(N + 1)]
for _ in range(N - 1):
    a, b = map(int, readline().split())
    E[a].append(b)
    E[b].append(a)

ans = -10 ** 18


def dfs(v, p):
    global ans
    best1 = best2 = 0
    chain = None
    for c in E[v]:
        if c == p:
            continue
        r = dfs(c, v)
        if chain is None or r > chain:
            chain = r
        if r > best1:
            best1, best2 = r, best1
        elif r > best2:
            best2 = r
    ans = max(ans, W[v] + best1 + best2)
    if chain is None:
        return W[v]
    return W[v] + chain


dfs(1, 0)
print(ans)

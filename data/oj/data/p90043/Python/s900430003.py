import sys


def read_graph():
    input = sys.stdin.readline
    N, M = map(int, input().split())
    G = [[] for _ in range(N + 1)]
    for _ in range(M):
        a, b, w = map(int, input().split())
        G[a].append((b, w))
    return N, G


def postorder_from(G, N, s):
    visited = [False] * (N + 1)
    post = []
    stack = [(s, 0)]
    visited[s] = True
    while stack:
        v, i = stack.pop()
        if i < len(G[v]):
            stack.append((v, i + 1))
            nv = G[v][i][0]
            if not visited[nv]:
                visited[nv] = True
                stack.append((nv, 0))
        else:
            post.append(v)
    return post, visited


def main():
    N, G = read_graph()
    post, visited = postorder_from(G, N, 1)
    NEG = -float("inf")
    dp = [NEG] * (N + 1)
    dp[1] = 0
    for v in reversed(post):
        for nv, w in G[v]:
            if dp[v] + w > dp[nv]:
                dp[nv] = dp[v] + w
    print(dp[N] if visited[N] else "IMPOSSIBLE")


main()

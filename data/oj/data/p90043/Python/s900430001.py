import sys
from collections import deque


def main():
    input = sys.stdin.readline
    n, m = map(int, input().split())
    graph = [[] for _ in range(n + 1)]
    indeg = [0] * (n + 1)
    for _ in range(m):
        a, b, w = map(int, input().split())
        graph[a].append((b, w))
        indeg[b] += 1

    order = []
    q = deque(v for v in range(1, n + 1) if indeg[v] == 0)
    while q:
        v = q.popleft()
        order.append(v)
        for to, _ in graph[v]:
            indeg[to] -= 1
            if indeg[to] == 0:
                q.append(to)

    dp = [None] * (n + 1)
    dp[1] = 0
    for v in order:
        if dp[v] is None:
            continue
        for to, w in graph[v]:
            cand = dp[v] + w
            if dp[to] is None or cand > dp[to]:
                dp[to] = cand

    if dp[n] is None:
        print("IMPOSSIBLE")
    else:
        print(dp[n])


if __name__ == "__main__":
    main()

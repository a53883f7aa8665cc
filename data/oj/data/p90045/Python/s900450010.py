import sys
from collections import deque


def farthest(start, n, adj, val):
    score = [None] * (n + 1)
    score[start] = val[start]
    dq = deque([start])
    best_v = start
    while dq:
        v = dq.popleft()
        if score[v] > score[best_v]:
            best_v = v
        for w in adj[v]:
            if score[w] is None:
                score[w] = score[v] + val[w]
                dq.append(w)
    return best_v, score[best_v]


def main():
    n = int(sys.stdin.readline())
    val = [0] + list(map(int, sys.stdin.readline().split()))
    adj = [[] for _ in range(n + 1)]
    for _ in range(n - 1):
        u, v = map(int, sys.stdin.readline().split())
        adj[u].append(v)
        adj[v].append(u)
    start = max(range(1, n + 1), key=lambda i: val[i])
    x, _ = farthest(start, n, adj, val)
    y, ans = farthest(x, n, adj, val)
    print(ans)


main()

import sys
from collections import deque


def read():
    input = sys.stdin.readline
    N = int(input())
    A = list(map(int, input().split()))
    G = [[] for _ in range(N)]
    for _ in range(N - 1):
        u, v = map(int, input().split())
        G[u - 1].append(v - 1)
        G[v - 1].append(u - 1)
    return N, A, G


def best_from(s, N, A, G):
    total = [None] * N
    total[s] = A[s]
    best = -float("inf")
    q = deque([s])
    while q:
        v = q.popleft()
        for w in G[v]:
            if total[w] is None:
                total[w] = total[v] + A[w]
                if total[w] > best:
                    best = total[w]
                q.append(w)
    return best


N, A, G = read()
ans = A[0]
for s in range(N):
    ans = max(ans, best_from(s, N, A, G))
print(ans)

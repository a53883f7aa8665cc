from collections import deque
import sys


def read_input():
    n, m = map(int, sys.stdin.readline().split())
    adj = [[] for _ in range(n + 1)]
    for _ in range(m):
        a, b = map(int, sys.stdin.readline().split())
        adj[a].append(b)
        adj[b].append(a)
    return n, m, adj


def solve():
    n, m, adj = read_input()
    if m == 0:
        return n
    side = [-1] * (n + 1)
    team_a = 0
    for v in range(1, n + 1):
        if side[v] != -1 or not adj[v]:
            continue
        side[v] = 0
        c = [0, 0]
        dq = deque([v])
        while dq:
            x = dq.popleft()
            c[side[x]] += 1
            for y in adj[x]:
                if side[y] < 0:
                    side[y] = 1 - side[x]
                    dq.append(y)
                elif side[y] == side[x]:
                    return -1
        team_a += max(c)
    isolated = sum(1 for v in range(1, n + 1) if not adj[v])
    return team_a + isolated


print(solve())

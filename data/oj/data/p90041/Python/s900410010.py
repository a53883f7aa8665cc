import sys


def read_ints():
    return list(map(int, sys.stdin.readline().split()))


# read input
N, M = read_ints()
to = [[] for _ in range(N + 1)]
for i in range(M):
    a, b, c = read_ints()
    to[a].append((b, c))

dist = [0] * (N + 1)
reached = [False] * (N + 1)
reached[1] = True
fixed = [False] * (N + 1)

import heapq

# dijkstra
heap = [(0, 1)]
while heap:
    d, v = heapq.heappop(heap)
    if fixed[v]:
        continue
    fixed[v] = True
    for nv, c in to[v]:
        if nv == 1:
            continue
        nd = d + c
        if dist[nv] == 0 or nd < dist[nv]:
            dist[nv] = nd
            reached[nv] = True
            heapq.heappush(heap, (nd, nv))

for i in range(1, N + 1):
    if reached[i]:
        print(dist[i])
    else:
        print(-1)

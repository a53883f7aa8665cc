import sys
from collections import deque


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    g = [[] for _ in range(n + 1)]
    deg = [0] * (n + 1)
    for i in range(m):
        a = int(data[2 + 3 * i])
        b = int(data[3 + 3 * i])
        w = int(data[4 + 3 * i])
        g[a].append((b, w))
        deg[b] += 1

    topo = []
    q = deque(v for v in range(1, n + 1) if deg[v] == 0)
    while q:
        v = q.popleft()
        topo.append(v)
        for to, _ in g[v]:
            deg[to] -= 1
            if deg[to] == 0:
                q.append(to)

    best = [None] * (n + 1)
    best[1] = 0
    for v in topo:
        if best[v] is None:
            continue
        for to, w in g[v]:
            cand = best[v] + w
            if best[to] is None or cand > best[to]:
                best[to] = cand

    if best[n] is None:
        print("IMPOSSIBLE")
    else:
        print(best[n])


if __name__ == "__main__":
    main()

import sys

data = sys.stdin.buffer.read().split()
N, M = int(data[0]), int(data[1])
G = [[] for _ in range(N + 1)]
for i in range(M):
    a = int(data[2 + 2 * i])
    b = int(data[3 + 2 * i])
    G[a].append(b)
    G[b].append(a)

col = [0] * (N + 1)
ok = True
total = 0
for s in range(1, N + 1):
    if col[s]:
        continue
    col[s] = 1
    stack = [s]
    black = white = 0
    while stack:
        v = stack.pop()
        if col[v] == 1:
            black += 1
        else:
            white += 1
        for w in G[v]:
            if col[w] == 0:
                col[w] = -col[v]
                stack.append(w)
            elif col[w] == col[v]:
                ok = False
    total += max(black, white)

print(total if ok else -1)

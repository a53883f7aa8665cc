def read():
    n = int(input())
    return n, [list(map(int, input().split())) for _ in range(n)]


def extend(layer, n, c):
    nxt = {}
    for (mask, v), d in layer.items():
        for u in range(n):
            if mask & (1 << u) or c[v][u] < 0:
                continue
            key = (mask | (1 << u), u)
            val = d + c[v][u]
            if key not in nxt or val < nxt[key]:
                nxt[key] = val
    return nxt


n, c = read()
layer = {(1, 0): 0}
for _ in range(n - 1):
    layer = extend(layer, n, c)

ends = [d + c[v][0] for (mask, v), d in layer.items() if n == 1 or c[v][0] >= 0]
print(min(ends) if ends else -1)

import sys


def read():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    vals = [int(x) for x in data[1:n + 1]]
    adj = [[] for _ in range(n)]
    p = n + 1
    for _ in range(n - 1):
        u = int(data[p]) - 1
        v = int(data[p + 1]) - 1
        p += 2
        adj[u].append(v)
        adj[v].append(u)
    return n, vals, adj


def rooted(n, adj, root):
    par = [-1] * n
    order = [root]
    seen = [False] * n
    seen[root] = True
    for v in order:
        for w in adj[v]:
            if not seen[w]:
                seen[w] = True
                par[w] = v
                order.append(w)
    return par, order


def main():
    n, vals, adj = read()
    par, order = rooted(n, adj, 0)

    # best downward chain starting at v
    down = [0] * n
    for v in reversed(order):
        best_child = 0
        for w in adj[v]:
            if w != par[v] and down[w] > best_child:
                best_child = down[w]
        down[v] = vals[v] + best_child

    # best chain starting at v's parent that avoids v's subtree
    up = [0] * n
    for v in order:
        cands = []
        if par[v] != -1:
            cands.append(up[v])
        children = [w for w in adj[v] if w != par[v]]
        for w in children:
            cands.append(down[w])
        first = second = 0
        first_id = -1
        for idx, c in enumerate(cands):
            if c > first:
                second = first
                first = c
                first_id = idx
            elif c > second:
                second = c
        offset = 1 if par[v] != -1 else 0
        for k, w in enumerate(children):
            use = second if first_id == k + offset else first
            up[w] = vals[v] + use

    answer = None
    for v in range(n):
        top = []
        if par[v] != -1:
            top.append(max(0, up[v]))
        for w in adj[v]:
            if w != par[v]:
                top.append(max(0, down[w]))
        top.sort(reverse=True)
        top.extend([0, 0])
        through = vals[v] + top[0] + top[1]
        if answer is None or through > answer:
            answer = through
    print(answer)


main()

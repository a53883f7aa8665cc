import sys
import math


def find(par, x):
    while par[x] != x:
        par[x] = par[par[x]]
        x = par[x]
    return x


def main():
    it = iter(sys.stdin.read().split())
    n = int(next(it))
    m = int(next(it))
    xy = [(int(next(it)), int(next(it))) for _ in range(n)]
    par = list(range(n))
    for _ in range(m):
        a = find(par, int(next(it)) - 1)
        b = find(par, int(next(it)) - 1)
        if a != b:
            par[a] = b

    d2 = [[(xa - xb) ** 2 + (ya - yb) ** 2 for (xb, yb) in xy] for (xa, ya) in xy]

    INF = float("inf")
    total = 0.0
    while True:
        comp = [find(par, v) for v in range(n)]
        if len(set(comp)) == 1:
            break
        cheapest = {}
        for u in range(n):
            cu = comp[u]
            row = d2[u]
            best = cheapest.get(cu, (INF, n, n))
            for v in range(n):
                if comp[v] == cu:
                    continue
                w = row[v]
                if w > best[0]:
                    continue
                cand = (w, min(u, v), max(u, v))
                if cand < best:
                    best = cand
            cheapest[cu] = best
        for c, (w, u, v) in cheapest.items():
            a = find(par, u)
            b = find(par, v)
            if a != b:
                par[a] = b
                total += math.sqrt(w)

    print("%.10f" % total)


main()

import sys
import math
import itertools
import collections
import heapq
import bisect

readline = sys.stdin.readline
write = sys.stdout.write

MOD = 10 ** 9 + 7
INF = 10 ** 18


def read_int():
    return int(readline())


def read_ints():
    return list(map(int, readline().split()))


def read_grid(h):
    return [readline().rstrip() for _ in range(h)]


def debug(*values):
    print("[debug]", *values, file=sys.stderr)


def ceil_div(a, b):
    return -(-a // b)


def factorials(n, mod=MOD):
    fact = [1] * (n + 1)
    for i in range(1, n + 1):
        fact[i] = fact[i - 1] * i % mod
    inv = [1] * (n + 1)
    inv[n] = pow(fact[n], mod - 2, mod)
    for i in range(n, 0, -1):
        inv[i - 1] = inv[i] * i % mod
    return fact, inv


def comb(n, r, fact, inv, mod=MOD):
    if r < 0 or r > n:
        return 0
    return fact[n] * inv[r] % mod * inv[n - r] % mod


def dijkstra(graph, start):
    dist = [INF] * len(graph)
    dist[start] = 0
    pq = [(0, start)]
    while pq:
        d, v = heapq.heappop(pq)
        if d > dist[v]:
            continue
        for to, cost in graph[v]:
            nd = d + cost
            if nd < dist[to]:
                dist[to] = nd
                heapq.heappush(pq, (nd, to))
    return dist


def compress(values):
    uniq = sorted(set(values))
    return uniq, {v: i for i, v in enumerate(uniq)}


def solve():
    n = read_int()
    rects = [read_ints() for _ in range(n)]

    xs, _ = compress([r[0] for r in rects] + [r[2] for r in rects])
    ys, yid = compress([r[1] for r in rects] + [r[3] for r in rects])
    h = len(ys)

    area = 0
    for i in range(len(xs) - 1):
        x_lo = xs[i]
        x_hi = xs[i + 1]
        cover = [0] * (h + 1)
        hit = False
        for x1, y1, x2, y2 in rects:
            if x1 <= x_lo and x_hi <= x2:
                cover[yid[y1]] += 1
                cover[yid[y2]] -= 1
                hit = True
        if not hit:
            continue
        running = 0
        length = 0
        for j in range(h - 1):
            running += cover[j]
            if running > 0:
                length += ys[j + 1] - ys[j]
        area += length * (x_hi - x_lo)

    write(str(area) + "\n")


if __name__ == "__main__":
    solve()

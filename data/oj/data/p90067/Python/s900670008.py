import sys
from collections import deque

sys.setrecursionlimit(10 ** 6)

MOD = 10 ** 9 + 7
INF = 1 << 62


def readints():
    return list(map(int, sys.stdin.readline().split()))


def modinv(x):
    return pow(x, MOD - 2, MOD)


def ext_gcd(a, b):
    x0, y0, x1, y1 = 1, 0, 0, 1
    while b:
        t = a // b
        a, b = b, a - t * b
        x0, x1 = x1, x0 - t * x1
        y0, y1 = y1, y0 - t * y1
    return a, x0, y0


def poly_mul_naive(f, g):
    if not f or not g:
        return []
    res = [0] * (len(f) + len(g) - 1)
    for i, fi in enumerate(f):
        if fi == 0:
            continue
        for j, gj in enumerate(g):
            res[i + j] = (res[i + j] + fi * gj) % MOD
    return res


class SegmentTree:
    def __init__(self, values, op, unit):
        self.size = 1
        while self.size < len(values):
            self.size *= 2
        self.op = op
        self.unit = unit
        self.data = [unit] * (2 * self.size)
        for i, v in enumerate(values):
            self.data[self.size + i] = v
        for i in range(self.size - 1, 0, -1):
            self.data[i] = op(self.data[2 * i], self.data[2 * i + 1])

    def update(self, i, v):
        i += self.size
        self.data[i] = v
        i //= 2
        while i:
            self.data[i] = self.op(self.data[2 * i], self.data[2 * i + 1])
            i //= 2

    def query(self, l, r):
        left = self.unit
        right = self.unit
        l += self.size
        r += self.size
        while l < r:
            if l & 1:
                left = self.op(left, self.data[l])
                l += 1
            if r & 1:
                r -= 1
                right = self.op(self.data[r], right)
            l //= 2
            r //= 2
        return self.op(left, right)


class Kitamasa:
    """a_{n} = c[0] * a_{n-1} + c[1] * a_{n-2} + ... + c[k-1] * a_{n-k}"""

    def __init__(self, initial, coeffs):
        self.k = len(coeffs)
        self.initial = [x % MOD for x in initial]
        self.coeffs = [x % MOD for x in coeffs]

    def reduce(self, poly):
        k = self.k
        poly = poly[:]
        for deg in range(len(poly) - 1, k - 1, -1):
            top = poly[deg]
            if top == 0:
                continue
            poly[deg] = 0
            for j in range(k):
                poly[deg - 1 - j] = (poly[deg - 1 - j] + top * self.coeffs[j]) % MOD
        poly = poly[:k]
        while len(poly) < k:
            poly.append(0)
        return poly

    def x_power(self, n):
        k = self.k
        result = [1] + [0] * (k - 1)
        if k == 1:
            result = [1]
        base = [0, 1] + [0] * max(0, k - 2)
        base = self.reduce(base)
        while n > 0:
            if n & 1:
                result = self.reduce(poly_mul_naive(result, base))
            base = self.reduce(poly_mul_naive(base, base))
            n >>= 1
        return result

    def nth(self, n):
        if n < self.k:
            return self.initial[n]
        coef = self.x_power(n)
        total = 0
        for c, a in zip(coef, self.initial):
            total += c * a
        return total % MOD


def dijkstra(graph, start):
    import heapq
    dist = [INF] * len(graph)
    dist[start] = 0
    pq = [(0, start)]
    while pq:
        d, v = heapq.heappop(pq)
        if d > dist[v]:
            continue
        for to, w in graph[v]:
            nd = d + w
            if nd < dist[to]:
                dist[to] = nd
                heapq.heappush(pq, (nd, to))
    return dist


def bfs(graph, start):
    dist = [-1] * len(graph)
    dist[start] = 0
    q = deque([start])
    while q:
        v = q.popleft()
        for to in graph[v]:
            if dist[to] == -1:
                dist[to] = dist[v] + 1
                q.append(to)
    return dist


def brute(initial, coeffs, n):
    seq = deque(x % MOD for x in initial)
    k = len(coeffs)
    if n < k:
        return seq[n]
    for _ in range(n - k + 1):
        nxt = 0
        for j in range(k):
            nxt += coeffs[j] * seq[k - 1 - j]
        seq.append(nxt % MOD)
        seq.popleft()
    return seq[-1]


def main():
    a, b, p, q, n = readints()
    solver = Kitamasa([a, b], [p, q])
    print(solver.nth(n))


if __name__ == "__main__":
    main()

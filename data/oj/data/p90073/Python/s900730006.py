import sys
from functools import reduce

E = (1 << 62, 0)


def op(p, q):
    if p[0] != q[0]:
        return p if p[0] < q[0] else q
    return (p[0], p[1] + q[1])


def build(vals):
    n = len(vals)
    t = [E] * n + [(v, 1) for v in vals]
    for i in range(n - 1, 0, -1):
        t[i] = op(t[2 * i], t[2 * i + 1])
    return t


def assign(t, n, i, v):
    i += n
    t[i] = (v, 1)
    while i > 1:
        i >>= 1
        t[i] = op(t[2 * i], t[2 * i + 1])


def fold(t, n, l, r):
    picked = []
    l += n
    r += n
    while l < r:
        if l & 1:
            picked.append(t[l])
            l += 1
        if r & 1:
            r -= 1
            picked.append(t[r])
        l >>= 1
        r >>= 1
    return reduce(op, picked, E)


def main():
    it = map(int, sys.stdin.buffer.read().split())
    n, q = next(it), next(it)
    t = build([next(it) for _ in range(n)])
    out = []
    for _ in range(q):
        k, x, y = next(it), next(it), next(it)
        if k == 1:
            assign(t, n, x - 1, y)
        else:
            out.append("{} {}".format(*fold(t, n, x - 1, y)))
    sys.stdout.write("\n".join(out) + "\n")


main()

import sys

LIMIT = 10 ** 9


def covered_length(segs):
    segs.sort()
    segs.append((LIMIT, LIMIT))
    res = 0
    cs, ce = segs[0]
    for s, e in segs[1:]:
        if s > ce:
            res += ce - cs
            cs, ce = s, e
        elif e > ce:
            ce = e
    return res


def main():
    input = sys.stdin.readline
    n = int(input())
    rects = [tuple(map(int, input().split())) for _ in range(n)]
    xs = sorted(set(x for r in rects for x in (r[0], r[2])))
    total = 0
    for i in range(len(xs) - 1):
        lo, hi = xs[i], xs[i + 1]
        segs = [(y1, y2) for x1, y1, x2, y2 in rects if x1 <= lo and hi <= x2]
        if segs:
            total += covered_length(segs) * (hi - lo)
    print(total)


main()

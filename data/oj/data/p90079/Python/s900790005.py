import sys
from itertools import pairwise


def covered(spans):
    total, reach = 0, None
    for lo, hi in sorted(spans):
        if reach is None or lo > reach:
            total += hi - lo
            reach = hi
        elif hi > reach:
            total += hi - reach
            reach = hi
    return total


def main():
    it = iter(map(int, sys.stdin.read().split()))
    n = next(it)
    rs = [(next(it), next(it), next(it), next(it)) for _ in range(n)]
    ys = sorted({c for r in rs for c in (r[1], r[3])})
    print(sum((b - a) * covered([(x1, x2) for x1, y1, x2, y2 in rs if y1 <= a and b <= y2])
              for a, b in pairwise(ys)))


main()

import sys


def union_length(intervals):
    intervals.sort()
    total = 0
    cur_start = None
    cur_end = None
    for s, e in intervals:
        if cur_end is None or s > cur_end + 1:
            if cur_end is not None:
                total += cur_end - cur_start
            cur_start = s
            cur_end = e
        else:
            cur_end = max(cur_end, e)
    if cur_end is not None:
        total += cur_end - cur_start
    return total


def main():
    input = sys.stdin.readline
    n = int(input())
    rects = [tuple(map(int, input().split())) for _ in range(n)]
    xs = sorted(set([r[0] for r in rects] + [r[2] for r in rects]))

    area = 0
    for i in range(len(xs) - 1):
        left = xs[i]
        right = xs[i + 1]
        ys = []
        for x1, y1, x2, y2 in rects:
            if x1 <= left and right <= x2:
                ys.append((y1, y2))
        if ys:
            area += union_length(ys) * (right - left)
    print(area)


if __name__ == "__main__":
    main()

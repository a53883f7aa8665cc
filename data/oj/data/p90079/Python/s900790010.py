import sys


def merged_length(active):
    if not active:
        return 0
    spans = sorted(active)
    length = 0
    start, end = spans[0]
    for lo, hi in spans[1:]:
        if lo <= end:
            if hi > end:
                end = hi
        else:
            length += end - start
            start, end = lo, hi
    length += end - start
    return length


def main():
    readline = sys.stdin.readline
    n = int(readline())
    events = []
    for _ in range(n):
        x1, y1, x2, y2 = map(int, readline().split())
        events.append((x1, 0, y1, y2))
        events.append((x2, 1, y1, y2))
    events.sort()

    active = set()
    area = 0
    last_x = events[0][0]
    for x, kind, y1, y2 in events:
        if x > last_x:
            area += merged_length(active) * (x - last_x)
            last_x = x
        if kind == 0:
            active.add((y1, y2))
        else:
            active.discard((y1, y2))
    print(area)


main()

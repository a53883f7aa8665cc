import sys

read = sys.stdin.buffer.read
readline = sys.stdin.buffer.readline
readlines = sys.stdin.buffer.readlines


def chmax(a, b):
    return a if a >= b else b


def chmin(a, b):
    return a if a <= b else b


def scan(s, opener):
    found = []
    a = b = 0
    start = 0
    for i, ch in enumerate(s):
        if ch == opener:
            a += 1
        else:
            b += 1
        if a == b:
            found.append((start, i))
        elif b > a:
            a = b = 0
            start = i + 1
    return found


def main():
    s = readline().decode().strip()
    n = len(s)
    segs = set(scan(s, '('))
    for l, r in scan(s[::-1], ')'):
        segs.add((n - 1 - r, n - 1 - l))
    best = 0
    for l, r in segs:
        best = chmax(best, r - l + 1)
    if best == 0:
        print(0, 1)
        return
    print(best, sum(1 for l, r in segs if r - l + 1 == best))


main()

import sys
from math import gcd

BRUTE_LIMIT = 20000


def read_input():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    pts = []
    for k in range(1, n + 1):
        a, b = lines[k].split()
        pts.append((int(a), int(b)))
    return n, pts


def on_edge(px, py, x1, y1, x2, y2):
    if (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) != 0:
        return False
    if px < min(x1, x2) or px > max(x1, x2):
        return False
    if py < min(y1, y2) or py > max(y1, y2):
        return False
    return True


def strictly_inside(px, py, pts):
    n = len(pts)
    inside = False
    for k in range(n):
        x1, y1 = pts[k]
        x2, y2 = pts[(k + 1) % n]
        if (y1 > py) != (y2 > py):
            num = (py - y1) * (x2 - x1) + (x1 - px) * (y2 - y1)
            if (num > 0) == (y2 > y1):
                inside = not inside
    return inside


def brute(n, pts):
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    boundary = 0
    interior = 0
    for px in range(min(xs), max(xs) + 1):
        for py in range(min(ys), max(ys) + 1):
            hit = False
            for k in range(n):
                x1, y1 = pts[k]
                x2, y2 = pts[(k + 1) % n]
                if on_edge(px, py, x1, y1, x2, y2):
                    hit = True
                    break
            if hit:
                boundary += 1
            elif strictly_inside(px, py, pts):
                interior += 1
    return boundary, interior


def pick(n, pts):
    twice = 0
    boundary = 0
    for k in range(n):
        x1, y1 = pts[k]
        x2, y2 = pts[(k + 1) % n]
        twice += x1 * y2 - x2 * y1
        boundary += gcd(x2 - x1, y2 - y1)
    twice = abs(twice)
    return boundary, (twice - boundary + 2) // 2


def main():
    n, pts = read_input()
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    cells = (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
    if cells * n <= BRUTE_LIMIT:
        b, i = brute(n, pts)
    else:
        b, i = pick(n, pts)
    print(b, i)


main()

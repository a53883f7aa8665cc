import sys


def furthest_reaching(a, b):
    n = len(a)
    m = len(b)
    offset = n + 1
    width = n + m + 3
    NEG = -10 ** 9
    target_diag = m - n

    prev = [NEG] * width
    start = 0
    while start < n and start < m and a[start] == b[start]:
        start += 1
    prev[offset] = start

    limit = max(n, m)
    for d in range(1, limit + 1):
        cur = [NEG] * width
        lo = max(-n, -d)
        hi = min(m, d)
        for k in range(lo, hi + 1):
            idx = k + offset
            best = NEG
            if prev[idx] != NEG:
                best = prev[idx] + 1
            if idx + 1 < width and prev[idx + 1] != NEG:
                cand = prev[idx + 1] + 1
                if cand > best:
                    best = cand
            if idx - 1 >= 0 and prev[idx - 1] != NEG:
                cand = prev[idx - 1]
                if cand > best:
                    best = cand
            if best == NEG:
                continue
            cap = n
            if m - k < cap:
                cap = m - k
            if best > cap:
                best = cap
            if best < 0 or best + k < 0:
                continue
            i = best
            while i < n and i + k < m and a[i] == b[i + k]:
                i += 1
            cur[idx] = i
        if cur[target_diag + offset] >= n:
            return d
        prev = cur
    return limit


def main():
    s = sys.stdin.readline().strip()
    t = sys.stdin.readline().strip()
    print(furthest_reaching(s, t))


main()

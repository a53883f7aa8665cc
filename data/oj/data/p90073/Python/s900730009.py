import sys
import math

input = sys.stdin.readline

N, Q = map(int, input().split())
A = list(map(int, input().split()))

B = max(1, int(math.sqrt(N)))
nb = (N + B - 1) // B
bmin = [0] * nb
bcnt = [0] * nb


def rebuild(b):
    s = b * B
    e = min(N, s + B)
    m = min(A[s:e])
    bmin[b] = m
    bcnt[b] = A[s:e].count(m)


for b in range(nb):
    rebuild(b)

ans = []
for _ in range(Q):
    t, x, y = map(int, input().split())
    if t == 1:
        p = x - 1
        old = A[p]
        A[p] = y
        b = p // B
        if old == bmin[b] or y < bmin[b]:
            rebuild(b)
        continue
    l = x - 1
    r = y - 1
    lb = l // B
    rb = r // B
    best = 10 ** 18
    cnt = 0
    if lb == rb:
        seg = A[l:r + 1]
        best = min(seg)
        cnt = seg.count(best)
    else:
        parts = [A[l:(lb + 1) * B], A[rb * B:r + 1]]
        for seg in parts:
            m = min(seg)
            if m < best:
                best = m
                cnt = seg.count(m)
            elif m == best:
                cnt += seg.count(m)
        for b in range(lb + 1, rb):
            if bmin[b] < best:
                best = bmin[b]
                cnt = bcnt[b]
            elif bmin[b] == best:
                cnt += bcnt[b]
    ans.append("%d %d" % (best, cnt))

print("\n".join(ans))

import sys

def input():
    return sys.stdin.readline().rstrip()

n, q = map(int, input().split())
a = list(map(int, input().split()))

gmin = min(a)
gcnt = a.count(gmin)

def full_recount():
    global gmin, gcnt
    gmin = min(a)
    gcnt = a.count(gmin)

result = []
for _ in range(q):
    line = input().split()
    t = int(line[0])
    if t == 1:
        p = int(line[1]) - 1
        x = int(line[2])
        old = a[p]
        a[p] = x
        if old == gmin:
            gcnt -= 1
            if gcnt == 0:
                full_recount()
        if x < gmin:
            gmin = x
            gcnt = 1
        elif x == gmin:
            gcnt += 1
    else:
        l = int(line[1]) - 1
        r = int(line[2])
        if l == 0 and r == n:
            result.append(str(gmin) + " " + str(gcnt))
            continue
        part = a[l:r]
        best = min(part)
        cnt = part.count(best)
        result.append(str(best) + " " + str(cnt))

print("\n".join(result))

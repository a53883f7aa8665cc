import sys

def main():
    it = iter(sys.stdin.read().split())
    n = int(next(it)); c = int(next(it))
    ev = []
    for _ in range(n):
        s = int(next(it)); e = int(next(it))
        ev.append((s, 0))
        ev.append((e + c, 1))
    ev.sort()
    cur = best = 0
    for t, k in ev:
        if k == 0:
            cur += 1
            best = max(best, cur)
        else:
            cur -= 1
    print(best)

main()

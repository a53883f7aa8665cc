import sys
sys.setrecursionlimit(10 ** 6)

n, m = map(int, input().split())
adj = [[] for _ in range(n + 1)]
for _ in range(m):
    a, b = map(int, input().split())
    adj[a].append(b)
    adj[b].append(a)

color = [None] * (n + 1)


def paint(v, c, tally):
    color[v] = c
    tally[c] += 1
    for w in adj[v]:
        if color[w] is None:
            if not paint(w, 1 - c, tally):
                return False
        elif color[w] == c:
            return False
    return True


def component_best(v):
    tally = [0, 0]
    if not paint(v, 0, tally):
        return None
    return max(tally)


def main():
    res = 0
    for v in range(1, n + 1):
        if color[v] is None:
            got = component_best(v)
            if got is None:
                print(-1)
                return
            res += got
    print(res)


main()

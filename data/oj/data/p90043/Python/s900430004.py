import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


def read_edges(n, m):
    out = [[] for _ in range(n + 1)]
    for _ in range(m):
        a, b, w = map(int, sys.stdin.readline().split())
        out[a].append((b, w))
    return out


def solve(n, out):
    @lru_cache(maxsize=None)
    def best_to_goal(v):
        if v == n:
            return 0
        res = None
        for nxt, w in out[v]:
            sub = best_to_goal(nxt)
            if sub is None:
                continue
            if res is None or sub + w > res:
                res = sub + w
        return res

    return best_to_goal(1)


def main():
    n, m = map(int, sys.stdin.readline().split())
    out = read_edges(n, m)
    ans = solve(n, out)
    print("IMPOSSIBLE" if ans is None else ans)


main()

import sys
from collections import Counter


def main():
    it = map(int, sys.stdin.read().split())
    n = next(it)
    m = next(it)
    par = list(range(2 * n + 1))

    def find(x):
        while par[x] != x:
            par[x] = par[par[x]]
            x = par[x]
        return x

    def union(a, b):
        a = find(a)
        b = find(b)
        if a != b:
            par[a] = b

    for _ in range(m):
        a = next(it)
        b = next(it)
        union(a, b + n)
        union(a + n, b)

    if any(find(v) == find(v + n) for v in range(1, n + 1)):
        print(-1)
        return

    cnt = Counter(find(v) for v in range(1, n + 1))
    seen = set()
    ans = 0
    for v in range(1, n + 1):
        p, q = find(v), find(v + n)
        key = (min(p, q), max(p, q))
        if key in seen:
            continue
        seen.add(key)
        ans += max(cnt[p], cnt[q])
    print(ans)


main()

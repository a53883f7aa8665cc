import sys
sys.setrecursionlimit(10 ** 6)


def find(par, x):
    if par[x] == x:
        return x
    par[x] = find(par, par[x])
    return par[x]


def unite(par, rank, cnt, x, y):
    x = find(par, x)
    y = find(par, y)
    if x == y:
        return 0
    if rank[x] < rank[y]:
        x, y = y, x
    par[y] = x
    cnt[x] += cnt[y]
    if rank[x] == rank[y]:
        rank[x] += 1
    return cnt[x]


def main():
    n, q = map(int, sys.stdin.readline().split())
    par = list(range(n + 1))
    rank = [0] * (n + 1)
    cnt = [1] * (n + 1)
    num_groups = n
    max_size = 1
    output = []
    for _ in range(q):
        qs = list(map(int, sys.stdin.readline().split()))
        if qs[0] == 1:
            s = unite(par, rank, cnt, qs[1], qs[2])
            if s:
                num_groups -= 1
                max_size = max(max_size, s)
        elif qs[0] == 2:
            output.append("Yes" if find(par, qs[1]) == find(par, qs[2]) else "No")
        elif qs[0] == 3:
            output.append(str(cnt[find(par, qs[1])]))
        else:
            output.append(str(num_groups) + " " + str(max_size))
    print("\n".join(output))


main()

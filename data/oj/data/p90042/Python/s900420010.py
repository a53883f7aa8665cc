import sys

def main():
    readline = sys.stdin.readline
    N, Q = map(int, readline().split())
    par = [i for i in range(N + 1)]
    sz = [1 for _ in range(N + 1)]
    groups = N
    largest = 1

    def root(x):
        r = x
        while par[r] != r:
            r = par[r]
        while par[x] != r:
            par[x], x = r, par[x]
        return r

    res = []
    for _ in range(Q):
        q = readline().split()
        if q[0] == '1':
            ra = root(int(q[1]))
            rb = root(int(q[2]))
            if ra == rb:
                continue
            if sz[ra] < sz[rb]:
                ra, rb = rb, ra
            par[rb] = ra
            sz[ra] += sz[rb]
            largest = max(largest, sz[ra])
            groups -= 1
            if groups == 1:
                break
        elif q[0] == '2':
            res.append('Yes' if root(int(q[1])) == root(int(q[2])) else 'No')
        elif q[0] == '3':
            res.append(sz[root(int(q[1]))])
        else:
            res.append('{} {}'.format(groups, largest))

    for r in res:
        print(r)

main()

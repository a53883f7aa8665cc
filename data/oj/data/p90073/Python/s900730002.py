import sys

INF = 10 ** 18


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    q = int(data[1])
    a = [int(x) for x in data[2:2 + n]]
    pos = 2 + n

    size = 1
    while size < n:
        size *= 2

    mn = [INF] * (2 * size)
    ct = [0] * (2 * size)
    for i in range(n):
        mn[size + i] = a[i]
        ct[size + i] = 1

    def pull(k):
        x = mn[2 * k]
        y = mn[2 * k + 1]
        if x < y:
            mn[k] = x
            ct[k] = ct[2 * k]
        elif y < x:
            mn[k] = y
            ct[k] = ct[2 * k + 1]
        else:
            mn[k] = x
            ct[k] = ct[2 * k] + ct[2 * k + 1]

    for k in range(size - 1, 0, -1):
        pull(k)

    out = []
    for _ in range(q):
        t = int(data[pos])
        u = int(data[pos + 1])
        v = int(data[pos + 2])
        pos += 3
        if t == 1:
            k = size + u - 1
            mn[k] = v
            ct[k] = 1
            k //= 2
            while k >= 1:
                pull(k)
                k //= 2
        else:
            l = u - 1 + size
            r = v + size
            best = INF
            cnt = 0
            while l < r:
                if l & 1:
                    if mn[l] < best:
                        best = mn[l]
                        cnt = ct[l]
                    elif mn[l] == best:
                        cnt += ct[l]
                    l += 1
                if r & 1:
                    r -= 1
                    if mn[r] < best:
                        best = mn[r]
                        cnt = ct[r]
                    elif mn[r] == best:
                        cnt += ct[r]
                l //= 2
                r //= 2
            out.append(str(best) + " " + str(cnt))
    print("\n".join(out))


main()

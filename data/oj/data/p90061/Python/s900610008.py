import sys

read = sys.stdin.buffer.read
readline = sys.stdin.buffer.readline
readlines = sys.stdin.buffer.readlines


class SegTree:
    def __init__(self, n, init, op, e):
        self.n = n
        self.op = op
        self.e = e
        self.size = 1
        while self.size < n:
            self.size *= 2
        self.d = [e] * (2 * self.size)
        for i in range(n):
            self.d[self.size + i] = init
        for i in range(self.size - 1, 0, -1):
            self.d[i] = op(self.d[2 * i], self.d[2 * i + 1])

    def set(self, p, x):
        p += self.size
        self.d[p] = x
        p //= 2
        while p:
            self.d[p] = self.op(self.d[2 * p], self.d[2 * p + 1])
            p //= 2

    def get(self, p):
        return self.d[p + self.size]

    def all_prod(self):
        return self.d[1]

    def prod(self, l, r):
        sml = self.e
        smr = self.e
        l += self.size
        r += self.size
        while l < r:
            if l & 1:
                sml = self.op(sml, self.d[l])
                l += 1
            if r & 1:
                r -= 1
                smr = self.op(self.d[r], smr)
            l //= 2
            r //= 2
        return self.op(sml, smr)

    def max_right(self, l, f):
        if l == self.n:
            return self.n
        l += self.size
        sm = self.e
        while True:
            while l % 2 == 0:
                l //= 2
            if not f(self.op(sm, self.d[l])):
                while l < self.size:
                    l = 2 * l
                    if f(self.op(sm, self.d[l])):
                        sm = self.op(sm, self.d[l])
                        l += 1
                return l - self.size
            sm = self.op(sm, self.d[l])
            l += 1
            if (l & -l) == l:
                break
        return self.n

    def leftmost_at_most(self, x):
        if self.d[1] > x:
            return -1
        k = 1
        while k < self.size:
            if self.d[2 * k] <= x:
                k = 2 * k
            else:
                k = 2 * k + 1
        return k - self.size


def main():
    data = read().split()
    n = int(data[0])
    k = int(data[1])
    a = list(map(int, data[2:2 + 2 * n:2]))
    b = list(map(int, data[3:3 + 2 * n:2]))
    INF = 1 << 62
    st = SegTree(k, 0, min, INF)
    order = sorted(range(n), key=lambda i: (a[i], i))
    who = [0] * n
    when = [0] * n
    wait_sum = 0
    for i in order:
        t = max(a[i], st.all_prod())
        j = st.leftmost_at_most(t)
        st.set(j, t + b[i])
        who[i] = j + 1
        when[i] = t
        wait_sum += t - a[i]
    out = ["%d %d" % (who[i], when[i]) for i in range(n)]
    out.append("%.12f" % (wait_sum / n))
    sys.stdout.write("\n".join(out) + "\n")


main()

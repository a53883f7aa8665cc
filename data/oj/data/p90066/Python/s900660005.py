import sys


class FastIO:
    def __init__(self):
        self.data = sys.stdin.buffer.read().split()
        self.ptr = 0
        self.out = []

    def read_int(self):
        v = int(self.data[self.ptr])
        self.ptr += 1
        return v

    def read_pair(self):
        a = self.read_int()
        b = self.read_int()
        return a, b

    def push(self, x):
        self.out.append(str(x))

    def flush(self):
        sys.stdout.write("\n".join(self.out))
        sys.stdout.write("\n")


class FenwickTree:
    def __init__(self, n):
        self.n = n
        self.tree = [0] * (n + 1)

    def add(self, i, x):
        while i <= self.n:
            self.tree[i] += x
            i += i & (-i)

    def build(self, values):
        for i in range(1, self.n + 1):
            self.tree[i] += values[i]
            j = i + (i & (-i))
            if j <= self.n:
                self.tree[j] += self.tree[i]

    def prefix(self, i):
        s = 0
        while i > 0:
            s += self.tree[i]
            i -= i & (-i)
        return s

    def range_sum(self, l, r):
        return self.prefix(r) - self.prefix(l - 1)


class SmallestPrimeFactor:
    def __init__(self, n):
        self.n = n
        self.spf = list(range(n + 1))
        i = 2
        while i * i <= n:
            if self.spf[i] == i:
                for j in range(i * i, n + 1, i):
                    if self.spf[j] == j:
                        self.spf[j] = i
            i += 1

    def is_prime(self, x):
        return x >= 2 and self.spf[x] == x

    def factorize(self, x):
        res = []
        while x > 1:
            p = self.spf[x]
            e = 0
            while x % p == 0:
                x //= p
                e += 1
            res.append((p, e))
        return res


def sigma_table(n, spf):
    sig = [0] * (n + 1)
    if n >= 1:
        sig[1] = 1
    power_part = [0] * (n + 1)
    power_sum = [0] * (n + 1)
    for x in range(2, n + 1):
        p = spf.spf[x]
        y = x // p
        if y % p == 0:
            power_part[x] = power_part[y] * p
            power_sum[x] = power_sum[y] + power_part[x]
        else:
            power_part[x] = p
            power_sum[x] = 1 + p
        rest = x // power_part[x]
        sig[x] = power_sum[x] * sig[rest]
    return sig


def sigma_slow(x, spf):
    total = 1
    for p, e in spf.factorize(x):
        total *= (p ** (e + 1) - 1) // (p - 1)
    return total


def solve(io):
    q = io.read_int()
    queries = [io.read_pair() for _ in range(q)]
    n = 1
    for _, r in queries:
        if r > n:
            n = r
    spf = SmallestPrimeFactor(n)
    sig = sigma_table(n, spf)
    fw = FenwickTree(n)
    fw.build(sig)
    for l, r in queries:
        io.push(fw.range_sum(l, r))


def main():
    io = FastIO()
    solve(io)
    io.flush()


if __name__ == "__main__":
    main()

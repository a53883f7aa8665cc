import sys


class Combination:
    def __init__(self, limit, mod):
        self.mod = mod
        self.limit = limit
        self.fact = [1] * (limit + 1)
        self.inv_fact = [1] * (limit + 1)
        for i in range(1, limit + 1):
            self.fact[i] = self.fact[i - 1] * i % mod
        self.inv_fact[limit] = pow(self.fact[limit], mod - 2, mod)
        for i in range(limit, 0, -1):
            self.inv_fact[i - 1] = self.inv_fact[i] * i % mod

    def small(self, n, k):
        if k < 0 or k > n:
            return 0
        return self.fact[n] * self.inv_fact[k] % self.mod * self.inv_fact[n - k] % self.mod

    def lucas(self, n, k):
        mod = self.mod
        res = 1
        while n > 0 or k > 0:
            ni = n % mod
            ki = k % mod
            if ki > ni:
                return 0
            res = res * self.small(ni, ki) % mod
            n //= mod
            k //= mod
        return res % mod


def read_ints():
    return list(map(int, sys.stdin.readline().split()))


def main():
    q, p = read_ints()
    queries = []
    for _ in range(q):
        n, k = read_ints()
        queries.append((n, k))
    limit = min(p - 1, 500)
    comb = Combination(limit, p)
    results = []
    for n, k in queries:
        results.append(comb.lucas(n, k))
    sys.stdout.write("\n".join(str(r) for r in results) + "\n")


if __name__ == "__main__":
    main()

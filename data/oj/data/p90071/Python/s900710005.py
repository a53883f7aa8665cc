import sys


class Reader:
    def __init__(self):
        self.buf = sys.stdin.read().split()
        self.pos = 0

    def next(self):
        v = self.buf[self.pos]
        self.pos += 1
        return int(v)

    def take(self, k):
        res = [int(x) for x in self.buf[self.pos:self.pos + k]]
        self.pos += k
        return res


class PrimeSieve:
    def __init__(self, limit):
        self.limit = limit
        self.spf = [0] * (limit + 1)
        self.primes = []
        for i in range(2, limit + 1):
            if self.spf[i] == 0:
                self.spf[i] = i
                self.primes.append(i)
            for p in self.primes:
                if p > self.spf[i] or i * p > limit:
                    break
                self.spf[i * p] = p

    def distinct_primes(self, x):
        res = []
        while x > 1:
            p = self.spf[x]
            res.append(p)
            while x % p == 0:
                x //= p
        return res

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

    def divisors(self, x):
        divs = [1]
        for p, e in self.factorize(x):
            cur = []
            pk = 1
            for _ in range(e + 1):
                for d in divs:
                    cur.append(d * pk)
                pk *= p
            divs = cur
        return sorted(divs)

    def euler_phi(self, x):
        res = x
        for p in self.distinct_primes(x):
            res -= res // p
        return res

    def is_prime(self, x):
        return x >= 2 and self.spf[x] == x


def squarefree_divisors(primes):
    divs = [(1, 1)]
    for p in primes:
        extra = []
        for d, sign in divs:
            extra.append((d * p, -sign))
        divs.extend(extra)
    return divs


class CoprimeCounter:
    def __init__(self, limit):
        self.sieve = PrimeSieve(limit)
        self.cnt = [0] * (limit + 1)
        self.seen = 0

    def coprime_with_seen(self, x):
        primes = self.sieve.distinct_primes(x)
        total = 0
        for d, sign in squarefree_divisors(primes):
            total += sign * self.cnt[d]
        return total

    def add(self, x):
        primes = self.sieve.distinct_primes(x)
        for d, _ in squarefree_divisors(primes):
            self.cnt[d] += 1
        self.seen += 1


def brute_force(values):
    from math import gcd
    n = len(values)
    total = 0
    for i in range(n):
        for j in range(i + 1, n):
            if gcd(values[i], values[j]) == 1:
                total += 1
    return total


def solve(values):
    limit = max(values)
    counter = CoprimeCounter(limit)
    answer = 0
    for x in values:
        answer += counter.coprime_with_seen(x)
        counter.add(x)
    return answer


def main():
    reader = Reader()
    n = reader.next()
    values = reader.take(n)
    print(solve(values))


if __name__ == "__main__":
    main()

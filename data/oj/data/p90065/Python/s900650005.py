import sys
from collections import namedtuple

Query = namedtuple("Query", ["n", "k"])

LIMIT = 500


def legendre(n, p):
    e = 0
    while n:
        n //= p
        e += n
    return e


def strip(x, p):
    while x % p == 0:
        x //= p
    return x


def stripped_factorials(limit, p):
    res = [1] * (limit + 1)
    for i in range(1, limit + 1):
        res[i] = res[i - 1] * (strip(i, p) % p) % p
    return res


def mod_inverse(a, p):
    return pow(a, p - 2, p)


def answer_one(query, f, p):
    n, k = query.n, query.k
    if k > n:
        return 0
    e = legendre(n, p) - legendre(k, p) - legendre(n - k, p)
    if e > 0:
        return 0
    den = f[k] * f[n - k] % p
    return f[n] * mod_inverse(den, p) % p


def read_queries():
    tokens = sys.stdin.read().split()
    q = int(tokens[0])
    p = int(tokens[1])
    queries = []
    idx = 2
    for _ in range(q):
        n = int(tokens[idx])
        k = int(tokens[idx + 1])
        queries.append(Query(n, k))
        idx += 2
    return p, queries


def main():
    p, queries = read_queries()
    f = stripped_factorials(LIMIT, p)
    lines = []
    for query in queries:
        lines.append(str(answer_one(query, f, p)))
    print("\n".join(lines))


main()

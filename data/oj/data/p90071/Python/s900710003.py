import sys


def mobius_table(m):
    mu = [1] * (m + 1)
    is_composite = [False] * (m + 1)
    for p in range(2, m + 1):
        if is_composite[p]:
            continue
        for k in range(p, m + 1, p):
            if k > p:
                is_composite[k] = True
            mu[k] = -mu[k]
        sq = p * p
        for k in range(sq, m + 1, sq):
            mu[k] = 0
    return mu


def frequency(values, m):
    freq = [0] * (m + 1)
    for x in values:
        freq[x] += 1
    return freq


def multiples(freq, d, m):
    c = 0
    for k in range(d, m + 1, d):
        c += freq[k]
    return c


def pairs(c):
    return c * (c - 1) // 2


def main():
    n = int(sys.stdin.readline())
    a = list(map(int, sys.stdin.readline().split()))
    m = max(a)
    freq = frequency(a, m)
    mu = mobius_table(m)
    total = 0
    for d in range(1, m + 1):
        if mu[d] == 0:
            continue
        c = multiples(freq, d, m)
        total += mu[d] * pairs(c)
    print(total)


main()

import sys


def sieve(limit):
    flags = bytearray([1]) * (limit + 1)
    flags[0] = 0
    flags[1] = 0
    i = 2
    while i * i <= limit:
        if flags[i]:
            flags[i * i::i] = bytearray(len(range(i * i, limit + 1, i)))
        i += 1
    return [i for i in range(limit + 1) if flags[i]]


PRIMES = sieve(31623)


def prime_factors(n):
    factors = []
    for p in PRIMES:
        if p * p > n:
            break
        if n % p == 0:
            e = 0
            while n % p == 0:
                n //= p
                e += 1
            factors.append((p, e))
    if n > 1:
        factors.append((n, 1))
    return factors


def euler_phi(n):
    result = n
    for p, _ in prime_factors(n):
        result -= result // p
    return result


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def inverse_by_euler(a, m):
    if m == 1:
        return 0
    return pow(a % m, euler_phi(m) - 1, m)


def solve(a, b, m):
    g = gcd(a, m)
    if b % g != 0:
        return -1
    a2 = a // g
    b2 = b // g
    m2 = m // g
    if m2 == 1:
        return 0
    inv = inverse_by_euler(a2, m2)
    return b2 % m2 * inv % m2


def main():
    line = sys.stdin.readline().split()
    a, b, m = int(line[0]), int(line[1]), int(line[2])
    ans = solve(a, b, m)
    print(ans)


main()

import sys
from collections import Counter
from math import gcd


def read_values():
    first = sys.stdin.readline()
    n = int(first)
    values = []
    while len(values) < n:
        values.extend(map(int, sys.stdin.readline().split()))
    return values


def same_value_pairs(value, count):
    if value != 1:
        return 0
    return count * (count - 1) // 2


def cross_pairs(keys, freq):
    result = 0
    for i, u in enumerate(keys):
        cu = freq[u]
        for v in keys[i + 1:]:
            if gcd(u, v) == 1:
                result += cu * freq[v]
    return result


def count_pairs(freq):
    keys = sorted(freq)
    result = cross_pairs(keys, freq)
    for u in keys:
        result += same_value_pairs(u, freq[u])
    return result


def main():
    values = read_values()
    freq = Counter(values)
    print(count_pairs(freq))


main()

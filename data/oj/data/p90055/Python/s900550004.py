from functools import reduce


def read_values():
    n = int(input())
    values = list(map(int, input().split()))
    return values[:n]


def step(sums, x, cap):
    return sums | {s + x for s in sums if s + x <= cap}


def best_split(values):
    total = sum(values)
    cap = total // 2
    sums = reduce(lambda acc, x: step(acc, x, cap), values, {0})
    return min(total - 2 * s for s in sums)


def main():
    print(best_split(read_values()))


main()

import sys


def read_input():
    input = sys.stdin.readline
    n = int(input())
    a = list(map(int, input().split()))
    return n, a


def reachable(a, limit):
    can = [False] * (limit + 1)
    can[0] = True
    for x in a:
        for s in range(x, limit + 1):
            if can[s - x]:
                can[s] = True
    return can


def closest_below(can, limit):
    for s in range(limit, -1, -1):
        if can[s]:
            return s
    return 0


def describe(a, best):
    total = sum(a)
    return "red=%d blue=%d diff=%d" % (best, total - best, total - 2 * best)


def main():
    n, a = read_input()
    total = sum(a)
    half = total // 2
    can = reachable(a, half)
    best = closest_below(can, half)
    print(total - 2 * best)


if __name__ == "__main__":
    main()

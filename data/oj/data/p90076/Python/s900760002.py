import sys
import math


def debug(*args):
    print(*args, file=sys.stderr)


def read_ints(input):
    return list(map(int, input().split()))


def cuts_needed(logs, length):
    total = 0
    for a in logs:
        total += math.ceil(a / length) - 1
    return total


def solve(n, k, logs):
    if k == 0:
        return float(max(logs))
    lo = 0.0
    hi = float(max(logs))
    for _ in range(100):
        mid = (lo + hi) / 2
        if cuts_needed(logs, mid) <= k:
            hi = mid
        else:
            lo = mid
    return hi


def main():
    input = sys.stdin.readline
    n, k = read_ints(input)
    logs = read_ints(input)
    answer = solve(n, k, logs)
    print("{:.10f}".format(answer))


if __name__ == "__main__":
    main()

import sys


def count_within_budget(a, s):
    total = 0
    left = 0
    ans = 0
    for right, x in enumerate(a):
        total += x
        while total > s:
            total -= a[left]
            left += 1
        ans += right - left + 1
    return ans


def parse(tokens):
    n, s = tokens[0], tokens[1]
    return n, s, tokens[2:2 + n]


def count_naive(a, s):
    cnt = 0
    for i in range(len(a)):
        acc = 0
        for j in range(i, len(a)):
            acc += a[j]
            if acc > s:
                break
            cnt += 1
    return cnt


def main():
    n, s, a = parse(list(map(int, sys.stdin.buffer.read().split())))
    print(count_within_budget(a, s))


if __name__ == "__main__":
    main()

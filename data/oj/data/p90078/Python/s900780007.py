import sys


def read_input():
    n, s = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    return n, s, a


def count_over_budget(n, s, a):
    over = 0
    total = 0
    left = 0
    for right in range(n):
        total += a[right]
        while total > s:
            over += n - right
            total -= a[left]
            left += 1
    return over


def main():
    n, s, a = read_input()
    all_pairs = n * (n + 1) // 2
    over = count_over_budget(n, s, a)
    print(all_pairs - over)


main()

import sys


def count_within_budget(a, s):
    total = 0
    left = 0
    ans = 0
    for right in range(len(a)):
        total += a[right]
        while left <= right and total > s:
            total -= a[left]
            left += 1
        ans += right - left + 1
    return ans


def read_pair(input):
    n, s = map(int, input().split())
    return n, s


def read_array(input):
    return list(map(int, input().split()))


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
    input = sys.stdin.readline
    n, s = read_pair(input)
    a = read_array(input)
    print(count_within_budget(a, s))


if __name__ == "__main__":
    main()

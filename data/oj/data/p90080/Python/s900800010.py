import sys


def count_at_most(a, b, x):
    # a ascending, b ascending
    cnt = 0
    j = len(b) - 1
    for v in a:
        while j >= 0 and v + b[j] > x:
            j -= 1
        if j < 0:
            break
        cnt += j + 1
    return cnt


def kth_by_sorting(a, b, k):
    sums = sorted(x + y for x in a for y in b)
    return sums[k - 1]


def search_answer(a, b, k):
    lo = a[0] + b[0]
    hi = a[-1] + b[-1] - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if count_at_most(a, b, mid) >= k:
            hi = mid
        else:
            lo = mid + 1
    return lo


def main():
    input = sys.stdin.readline
    n, m, k = map(int, input().split())
    a = sorted(map(int, input().split()))
    b = sorted(map(int, input().split()))

    print(search_answer(a, b, k))


if __name__ == "__main__":
    main()

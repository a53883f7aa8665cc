import sys


def read_input():
    input = sys.stdin.readline
    n = int(input())
    a = list(map(int, input().split()))
    return n, a


def prefix_sums(a):
    pre = [0] * (len(a) + 1)
    for i in range(len(a)):
        pre[i + 1] = pre[i] + a[i]
    return pre


def min_merge_cost(n, a):
    pre = prefix_sums(a)
    dp = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            left = dp[i]
            best = min([left[k] + dp[k + 1][j] for k in range(i, j)])
            dp[i][j] = best + pre[j + 1] - pre[i]
    return dp[0][n - 1]


def main():
    n, a = read_input()
    print(min_merge_cost(n, a))


if __name__ == "__main__":
    main()

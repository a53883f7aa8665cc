import sys


def read_input():
    input = sys.stdin.readline
    s = input().strip()
    t = input().strip()
    return s, t


def build_table(n, m):
    dp = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        dp[i][0] = i
    for j in range(m):
        dp[0][j] = j
    return dp


def edit_distance(s, t):
    n = len(s)
    m = len(t)
    dp = build_table(n, m)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            if s[i - 1] == t[j - 1]:
                c = 0
            else:
                c = 1
            dp[i][j] = min(dp[i - 1][j] + 1, dp[i][j - 1] + 1, dp[i - 1][j - 1] + c)
    return dp[n][m]


def main():
    s, t = read_input()
    ans = edit_distance(s, t)
    print(ans)


if __name__ == "__main__":
    main()

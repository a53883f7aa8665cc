import sys


def read_string():
    return sys.stdin.readline().strip()


def build_table(s):
    n = len(s)
    dp = [[0] * n for _ in range(n)]
    for i in range(n - 1, -1, -1):
        dp[i][i] = 1
        for j in range(i + 1, n):
            if s[i] == s[j]:
                dp[i][j] = dp[i + 1][j - 1] + 2
            else:
                dp[i][j] = max(dp[i + 1][j], dp[i][j - 1])
    return dp


def print_table(dp):
    for row in dp:
        print(*row, file=sys.stderr)


def trivial(s):
    if s == s[::-1]:
        return len(s)
    return None


def main():
    s = read_string()
    n = len(s)
    quick = trivial(s)
    if quick is not None and n > 1:
        print(quick)
        return
    dp = build_table(s)
    print(dp[0][n - 1])


if __name__ == "__main__":
    main()

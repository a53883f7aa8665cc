import sys


def read_matrix():
    input = sys.stdin.readline
    n = int(input())
    c = [list(map(int, input().split())) for _ in range(n)]
    return n, c


def held_karp(n, c):
    INF = float("inf")
    dp = [[INF] * n for _ in range(1 << n)]
    dp[1][0] = 0
    for mask in range(1 << n):
        if not mask & 1:
            continue
        row = dp[mask]
        for v in range(n):
            cur = row[v]
            if cur == INF:
                continue
            for u in range(n):
                if mask >> u & 1 or c[v][u] < 0:
                    continue
                nm = mask | (1 << u)
                if cur + c[v][u] < dp[nm][u]:
                    dp[nm][u] = cur + c[v][u]
    return dp


def close_cycle(n, c, dp):
    INF = float("inf")
    full = (1 << n) - 1
    ans = INF
    for v in range(n):
        if dp[full][v] < INF and c[v][0] >= 0:
            ans = min(ans, dp[full][v] + c[v][0])
    return ans if ans < INF else -1


def main():
    n, c = read_matrix()
    dp = held_karp(n, c)
    print(close_cycle(n, c, dp))


if __name__ == "__main__":
    main()

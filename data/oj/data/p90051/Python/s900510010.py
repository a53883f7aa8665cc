import sys


def read_grid():
    input = sys.stdin.readline
    h, w = map(int, input().split())
    grid = []
    for _ in range(h):
        grid.append(input().split())
    return h, w, grid


def cell_value(token):
    if token == "#":
        return None
    return int(token)


def best_score(h, w, grid):
    dp = [[0] * w for _ in range(h)]
    for i in range(h):
        for j in range(w):
            v = cell_value(grid[i][j])
            if v is None:
                continue
            if i == 0 and j == 0:
                dp[i][j] = v
                continue
            best = None
            if i > 0 and dp[i - 1][j] != 0:
                best = dp[i - 1][j]
            if j > 0 and dp[i][j - 1] != 0:
                if best is None or dp[i][j - 1] > best:
                    best = dp[i][j - 1]
            if best is not None:
                dp[i][j] = best + v
    return dp[h - 1][w - 1]


def main():
    h, w, grid = read_grid()
    ans = best_score(h, w, grid)
    if ans == 0:
        print("Impossible")
    else:
        print(ans)


if __name__ == "__main__":
    main()

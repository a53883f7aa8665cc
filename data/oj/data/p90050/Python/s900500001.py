import sys


def read_ints():
    return list(map(int, sys.stdin.readline().split()))


def longest_chain(a):
    n = len(a)
    dp = [1] * n
    parent = [-1] * n
    for i in range(n):
        for j in range(i):
            if a[j] <= a[i] and dp[j] + 1 > dp[i]:
                dp[i] = dp[j] + 1
                parent[i] = j
    return dp, parent


def restore(dp, parent):
    if not dp:
        return []
    end = 0
    for i in range(len(dp)):
        if dp[i] > dp[end]:
            end = i
    path = []
    while end != -1:
        path.append(end)
        end = parent[end]
    path.reverse()
    return path


def is_non_decreasing(values):
    for i in range(1, len(values)):
        if values[i - 1] > values[i]:
            return False
    return True


def main():
    n = read_ints()[0]
    a = read_ints()
    dp, parent = longest_chain(a)
    kept = restore(dp, parent)
    keep = max(dp)
    if len(kept) != keep or not is_non_decreasing([a[i] for i in kept]):
        keep = len(kept)
    print(n - keep)


if __name__ == "__main__":
    main()

import sys


def count_general(s):
    n = len(s)
    is_pal = [[False] * n for _ in range(n)]
    total = 0
    kinds = set()
    for i in range(n - 1, -1, -1):
        for j in range(i, n):
            if s[i] != s[j]:
                continue
            if j - i < 2 or is_pal[i + 1][j - 1]:
                is_pal[i][j] = True
                total += 1
                kinds.add(s[i:j + 1])
    return total, len(kinds)


def main():
    s = sys.stdin.readline().strip()
    n = len(s)
    if len(set(s)) == 1:
        print(n * (n - 1) // 2, n)
        return
    total, kinds = count_general(s)
    print(total, kinds)


main()

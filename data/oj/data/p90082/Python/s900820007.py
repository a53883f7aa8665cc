import sys


def main():
    n, k = map(int, sys.stdin.readline().split())
    seen = {}
    total = 0
    for x in map(int, sys.stdin.readline().split()):
        seen[x] = seen.get(x, 0) + 1
        total += seen.get(k - x, 0)
    print(total)


main()

import sys


def spreads(a, k):
    result = []
    for i in range(len(a) - k + 1):
        window = a[i:i + k]
        result.append(max(window) - min(window))
    return result


def main():
    line = sys.stdin.readline().split()
    n = int(line[0])
    k = int(line[1])
    a = list(map(int, sys.stdin.readline().split()))
    ans = spreads(a, k)
    print(*ans)


main()

from bisect import bisect_left, insort


def main():
    n = int(input())
    a = list(map(int, input().split()))
    seen = []
    ans = 0
    for x in a:
        ans += len(seen) - bisect_left(seen, 2 * x)
        insort(seen, x)
    print(ans)


main()

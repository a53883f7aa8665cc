from bisect import bisect_right, insort


def main():
    n = int(input())
    a = list(map(int, input().split()))
    seen = []
    ans = 0
    for x in a:
        ans += len(seen) - bisect_right(seen, 2 * x)
        insort(seen, x)
    print(ans)


main()

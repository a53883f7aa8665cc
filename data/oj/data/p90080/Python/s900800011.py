import sys
from bisect import bisect_right

def main():
    n, m, k = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    b = sorted(map(int, sys.stdin.readline().split()))
    ok = 2 * 10 ** 9
    ng = -1
    while ok - ng > 1:
        mid = (ok + ng) // 2
        c = 0
        for x in a:
            c += bisect_right(b, mid - x)
        if c >= k:
            ok = mid
        else:
            ng = mid
    print(ok)

main()

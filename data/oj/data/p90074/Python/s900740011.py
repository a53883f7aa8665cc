import sys
from bisect import bisect_right, insort

def main():
    n = int(sys.stdin.readline())
    a = [int(x) for x in sys.stdin.readline().split()]
    halves = []
    total = 0
    for j in range(n):
        total += len(halves) - bisect_right(halves, a[j])
        insort(halves, a[j] // 2)
    print(total)

main()

import sys


def read():
    it = iter(sys.stdin.read().split())
    n = int(next(it))
    arr = [int(next(it)) for _ in range(n)]
    return n, arr


def chain_lengths(arr, reach):
    n = len(arr)
    length = [1] * n
    for i in range(n):
        start = i - reach
        if start < 0:
            start = 0
        best = 0
        for j in range(start, i):
            if arr[j] <= arr[i] and length[j] > best:
                best = length[j]
        length[i] = best + 1
    return length


def main():
    n, arr = read()
    length = chain_lengths(arr, 30)
    print(n - max(length))


main()

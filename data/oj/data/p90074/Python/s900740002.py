import sys


def sort_count(arr):
    n = len(arr)
    if n <= 1:
        return arr, 0
    mid = n // 2
    left, c1 = sort_count(arr[:mid])
    right, c2 = sort_count(arr[mid:])
    cnt = c1 + c2

    j = 0
    m = len(right)
    for x in left:
        while j < m and x > 2 * right[j]:
            j += 1
        cnt += j

    merged = []
    i = j = 0
    while i < len(left) and j < m:
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged, cnt


def parse(data):
    n = int(data[0])
    return n, [int(v) for v in data[1:n + 1]]


def brute(arr):
    total = 0
    for j in range(len(arr)):
        for i in range(j):
            if arr[i] > 2 * arr[j]:
                total += 1
    return total


def main():
    data = sys.stdin.read().split()
    n, a = parse(data)
    _, ans = sort_count(a)
    print(ans)


main()

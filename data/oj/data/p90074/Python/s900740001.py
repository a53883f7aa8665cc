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
    for i in range(len(left)):
        while j < len(right) and left[i] > 2 * right[j]:
            j += 1
        cnt += j

    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged, cnt


def read_int(input):
    return int(input())


def read_list(input):
    return list(map(int, input().split()))


def brute(arr):
    total = 0
    for j in range(len(arr)):
        for i in range(j):
            if arr[i] > 2 * arr[j]:
                total += 1
    return total


def main():
    input = sys.stdin.readline
    n = read_int(input)
    a = read_list(input)
    _, ans = sort_count(a)
    print(ans)


main()

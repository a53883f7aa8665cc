import heapq


def read_case():
    n, m, k = map(int, input().split())
    a = list(map(int, input().split()))
    b = list(map(int, input().split()))
    return n, m, k, a, b


def neighbours(i, j, n, m):
    if i + 1 < n:
        yield i + 1, j
    if j + 1 < m:
        yield i, j + 1


def kth_pair_sum(a, b, k):
    a.sort()
    b.sort()
    n, m = len(a), len(b)
    heap = [(a[0] + b[0], 0, 0)]
    seen = {a[0] + b[0]}
    value = None
    for _ in range(k):
        if not heap:
            break
        value, i, j = heapq.heappop(heap)
        for ni, nj in neighbours(i, j, n, m):
            if a[ni] + b[nj] not in seen:
                seen.add(a[ni] + b[nj])
                heapq.heappush(heap, (a[ni] + b[nj], ni, nj))
    return value


def kth_by_sorting(a, b, k):
    sums = []
    for x in a:
        for y in b:
            sums.append(x + y)
    sums.sort()
    return sums[k - 1]


def main():
    n, m, k, a, b = read_case()
    print(kth_pair_sum(a, b, k))


main()

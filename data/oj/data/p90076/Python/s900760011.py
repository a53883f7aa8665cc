import heapq


def main():
    n, k = map(int, input().split())
    logs = list(map(int, input().split()))

    pq = []
    for length in logs:
        heapq.heappush(pq, (-length, length, 1))

    remaining = k
    while remaining > 0:
        neg, length, parts = heapq.heappop(pq)
        parts += 1
        heapq.heappush(pq, (-length / parts, length, parts))
        remaining -= 1

    neg, length, parts = pq[0]
    ans = length / parts
    print(round(ans, 5))


main()

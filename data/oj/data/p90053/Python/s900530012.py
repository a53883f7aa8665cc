import sys

NO_ROAD = -1


def read_matrix():
    lines = sys.stdin.read().strip().split("\n")
    n = int(lines[0])
    matrix = []
    for i in range(n):
        numbers = lines[1 + i].split()
        row = []
        for j in range(n):
            row.append(int(numbers[j]))
        matrix.append(row)
    return n, matrix


def count_bits(x):
    total = 0
    while x > 0:
        total += x & 1
        x >>= 1
    return total


def masks_by_size(n):
    groups = []
    for k in range(n + 1):
        groups.append([])
    for mask in range(1 << n):
        if mask & 1:
            groups[count_bits(mask)].append(mask)
    return groups


def held_karp(n, matrix):
    size = 1 << n
    best = []
    prev = []
    for mask in range(size):
        best.append([None] * n)
        prev.append([-1] * n)
    best[1][0] = 0
    groups = masks_by_size(n)
    for k in range(2, n + 1):
        for mask in groups[k]:
            for last in range(1, n):
                if not (mask >> last) & 1:
                    continue
                before = mask ^ (1 << last)
                chosen = None
                chosen_from = -1
                for mid in range(n):
                    if not (before >> mid) & 1:
                        continue
                    if best[before][mid] is None:
                        continue
                    road = matrix[mid][last]
                    if road == NO_ROAD:
                        continue
                    value = best[before][mid] + road
                    if chosen is None or value < chosen:
                        chosen = value
                        chosen_from = mid
                best[mask][last] = chosen
                prev[mask][last] = chosen_from
    return best, prev


def close_tour(n, matrix, best):
    full = (1 << n) - 1
    answer = None
    end_city = -1
    for last in range(n):
        if best[full][last] is None:
            continue
        road = matrix[last][0]
        if road == NO_ROAD:
            continue
        total = best[full][last] + road
        if answer is None or total < answer:
            answer = total
            end_city = last
    return answer, end_city


def rebuild(n, prev, end_city):
    order = []
    mask = (1 << n) - 1
    city = end_city
    while city != -1 and mask:
        order.append(city)
        step = prev[mask][city]
        mask ^= 1 << city
        city = step
    order.reverse()
    return order


def main():
    n, matrix = read_matrix()
    if n == 1:
        print(0)
        return
    best, prev = held_karp(n, matrix)
    answer, end_city = close_tour(n, matrix, best)
    if answer is None:
        print(-1)
        return
    order = rebuild(n, prev, end_city)
    if len(order) != n or order[0] != 0:
        print(answer)
        return
    print(answer)


main()

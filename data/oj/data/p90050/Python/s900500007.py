from functools import reduce


def step(best, item):
    i, x, a = item
    best.append(1 + max((best[j] for j in range(i) if a[j] <= x), default=0))
    return best


def solve(a):
    items = [(i, x, a) for i, x in enumerate(a)]
    best = reduce(step, items, [])
    return len(a) - max(best, default=0)


n = int(input())
a = list(map(int, input().split()))
print(solve(a[:n]))

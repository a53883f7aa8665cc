from functools import reduce


def step(acc, x):
    if acc:
        acc.append(max(acc[-1], x))
    else:
        acc.append(x)
    return acc


n = int(input())
a = [int(t) for t in input().split()]
print(*reduce(step, a, []))

from collections import deque


def read_values():
    n, k = map(int, input().split())
    a = list(map(int, input().split()))
    return n, k, a


def push_max(dq, x):
    while dq and dq[-1] < x:
        dq.pop()
    dq.append(x)


def push_min(dq, x):
    while dq and dq[-1] > x:
        dq.pop()
    dq.append(x)


def expire(dq, old):
    if dq and dq[0] == old:
        dq.popleft()


n, k, a = read_values()
big = deque()
small = deque()
res = []
for i in range(n):
    x = a[i]
    if i >= k:
        old = a[i - k]
        expire(big, old)
        expire(small, old)
    push_max(big, x)
    push_min(small, x)
    if i >= k - 1:
        res.append(big[0] - small[0])
print(*res)

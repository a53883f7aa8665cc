import sys
from collections import deque


def read_input(data):
    n, k = int(data[0]), int(data[1])
    a = list(map(int, data[2:2 + n]))
    return n, k, a


def format_output(values):
    return " ".join(map(str, values))


def slow(a, k):
    res = []
    for i in range(len(a) - k + 1):
        w = a[i:i + k]
        res.append(max(w) - min(w))
    return res


def main():
    data = sys.stdin.buffer.read().split()
    n, k, a = read_input(data)

    mx = deque()
    mn = deque()
    ans = []
    for i, x in enumerate(a):
        while mx and a[mx[-1]] <= x:
            mx.pop()
        mx.append(i)
        while mn and a[mn[-1]] >= x:
            mn.pop()
        mn.append(i)
        if mx[0] <= i - k:
            mx.popleft()
        if mn[0] <= i - k:
            mn.popleft()
        if i >= k - 1:
            ans.append(a[mx[0]] - a[mn[0]])
    print(format_output(ans))


if __name__ == "__main__":
    main()

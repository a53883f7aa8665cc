import sys
from collections import deque


def read_input(input):
    n, k = map(int, input().split())
    a = list(map(int, input().split()))
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
    input = sys.stdin.readline
    n, k, a = read_input(input)

    mx = deque()
    mn = deque()
    ans = []
    for i in range(n):
        x = a[i]
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

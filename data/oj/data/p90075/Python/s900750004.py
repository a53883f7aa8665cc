import sys
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict

input = sys.stdin.readline
INF = float("inf")


def LI():
    return list(map(int, input().split()))


def MI():
    return map(int, input().split())


def chmax(a, b):
    return a if a >= b else b


def read_meetings(n):
    starts = []
    ends = []
    for _ in range(n):
        s, e = MI()
        starts.append(s)
        ends.append(e)
    return starts, ends


def peak_rooms(starts, ends):
    n = len(starts)
    ans = 0
    j = 0
    for i in range(n):
        while j < n and ends[j] <= starts[i]:
            j += 1
        busy = i + 1 - j
        ans = chmax(ans, busy)
    return ans


n, c = MI()
starts, ends = read_meetings(n)
ends = [e + c for e in ends]
starts.sort()
ends.sort()
print(peak_rooms(starts, ends))

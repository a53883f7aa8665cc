from collections import deque
import sys


def read_input():
    n, s = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    return n, s, a


class Window:
    def __init__(self, limit):
        self.limit = limit
        self.items = deque()
        self.total = 0

    def push(self, x):
        self.items.append(x)
        self.total += x
        while self.total > self.limit:
            self.total -= self.items.popleft()

    def size(self):
        return len(self.items)


def solve():
    n, s, a = read_input()
    window = Window(s)
    res = 0
    for x in a:
        window.push(x)
        res += window.size()
    return res


print(solve())

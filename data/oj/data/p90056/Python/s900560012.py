import sys

sys.setrecursionlimit(10000)


def read():
    return sys.stdin.readline().strip()


class Memo:
    def __init__(self):
        self.store = {}

    def has(self, key):
        return key in self.store

    def get(self, key):
        return self.store[key]

    def put(self, key, value):
        self.store[key] = value


def quick_answer(s):
    n = len(s)
    if n <= 1:
        return n
    if s == s[::-1]:
        return n
    if len(set(s)) == 1:
        return n
    return None


def main():
    s = read()
    n = len(s)
    quick = quick_answer(s)
    if quick is not None:
        print(quick)
        return
    memo = Memo()

    def solve(i, j):
        if i > j:
            return 0
        if i == j:
            return 1
        key = (i, j)
        if memo.has(key):
            return memo.get(key)
        if s[i] == s[j]:
            res = solve(i + 1, j - 1) + 2
        else:
            a = solve(i + 1, j)
            b = solve(i, j - 1)
            res = a if a > b else b
        memo.put(key, res)
        return res

    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            solve(i, i + length - 1)
    print(solve(0, n - 1))


main()

import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


class PalindromeSolver:
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.result = None

    def is_palindrome(self):
        return self.text == self.text[::-1]

    def all_distinct(self):
        return len(set(self.text)) == self.n

    def longest(self):
        if self.result is not None:
            return self.result
        if self.is_palindrome():
            self.result = self.n
            return self.result
        if self.all_distinct():
            self.result = 1
            return self.result
        text = self.text

        @lru_cache(maxsize=None)
        def best(i, j):
            if i > j:
                return 0
            if i == j:
                return 1
            if text[i] == text[j]:
                return best(i + 1, j - 1) + 2
            return max(best(i + 1, j), best(i, j - 1))

        for length in range(1, self.n + 1):
            for i in range(0, self.n - length + 1, 8):
                best(i, i + length - 1)
        self.result = best(0, self.n - 1)
        best.cache_clear()
        return self.result


def read_text():
    line = sys.stdin.readline()
    return line.strip()


def main():
    text = read_text()
    solver = PalindromeSolver(text)
    print(solver.longest())


main()

import sys

TAKE_BOTH = 0
SKIP_LEFT = 1
SKIP_RIGHT = 2
SINGLE = 3


class InputHandler:
    def __init__(self, stream):
        self.lines = stream.read().split()

    def word(self, k=0):
        if k < len(self.lines):
            return self.lines[k]
        return ""


class Table:
    def __init__(self, n, fill):
        self.n = n
        self.cells = [[fill] * n for _ in range(n)]

    def get(self, i, j):
        if i > j:
            return 0
        return self.cells[i][j]

    def set(self, i, j, v):
        self.cells[i][j] = v


class PalindromeFinder:
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.length = Table(self.n, 0)
        self.choice = Table(self.n, SINGLE)
        self.done = False

    def compute(self):
        text = self.text
        n = self.n
        for i in range(n - 1, -1, -1):
            self.length.set(i, i, 1)
            self.choice.set(i, i, SINGLE)
            for j in range(i + 1, n):
                if text[i] == text[j]:
                    self.length.set(i, j, self.length.get(i + 1, j - 1) + 2)
                    self.choice.set(i, j, TAKE_BOTH)
                else:
                    left = self.length.get(i + 1, j)
                    right = self.length.get(i, j - 1)
                    if left >= right:
                        self.length.set(i, j, left)
                        self.choice.set(i, j, SKIP_LEFT)
                    else:
                        self.length.set(i, j, right)
                        self.choice.set(i, j, SKIP_RIGHT)
        self.done = True

    def best_length(self):
        if self.n == 0:
            return 0
        if not self.done:
            self.compute()
        return self.length.get(0, self.n - 1)

    def witness(self):
        if self.n == 0:
            return ""
        if not self.done:
            self.compute()
        front = []
        middle = ""
        i = 0
        j = self.n - 1
        while i <= j:
            how = self.choice.get(i, j) if i <= j else SINGLE
            if i == j:
                middle = self.text[i]
                break
            if how == TAKE_BOTH:
                front.append(self.text[i])
                i += 1
                j -= 1
            elif how == SKIP_LEFT:
                i += 1
            else:
                j -= 1
        return "".join(front) + middle + "".join(reversed(front))


class ReverseMatcher:
    def __init__(self, text):
        self.text = text
        self.rev = text[::-1]

    def common_length(self):
        a = self.text
        b = self.rev
        m = len(b)
        prev = [0] * (m + 1)
        for i in range(1, len(a) + 1):
            cur = [0] * (m + 1)
            ch = a[i - 1]
            for j in range(1, m + 1):
                if ch == b[j - 1]:
                    cur[j] = prev[j - 1] + 1
                elif prev[j] >= cur[j - 1]:
                    cur[j] = prev[j]
                else:
                    cur[j] = cur[j - 1]
            prev = cur
        return prev[m]


def letter_bound(text):
    counts = {}
    for ch in text:
        counts[ch] = counts.get(ch, 0) + 1
    pairs = 0
    odd = False
    for c in counts.values():
        pairs += c // 2
        if c % 2 == 1:
            odd = True
    return pairs * 2 + (1 if odd else 0)


def is_palindrome(word):
    return word == word[::-1]


def is_subsequence(small, big):
    pos = 0
    for ch in big:
        if pos < len(small) and small[pos] == ch:
            pos += 1
    return pos == len(small)


def report(finder):
    w = finder.witness()
    sys.stderr.write("witness=%s length=%d\n" % (w, len(w)))


def main():
    handler = InputHandler(sys.stdin)
    text = handler.word()
    finder = PalindromeFinder(text)
    answer = finder.best_length()
    sample = finder.witness()
    if answer > letter_bound(text):
        answer = ReverseMatcher(text).common_length()
    if is_palindrome(sample) and is_subsequence(sample, text) and len(sample) == answer:
        print(len(sample))
    else:
        print(answer)


if __name__ == "__main__":
    main()

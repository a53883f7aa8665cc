import sys


class Manacher:
    """radii on the string interleaved with separators"""

    def __init__(self, s):
        self.s = s
        self.t = "^#" + "#".join(s) + "#$"
        self.p = self._build()

    def _build(self):
        t = self.t
        m = len(t)
        p = [0] * m
        center = right = 0
        for i in range(1, m - 1):
            if i < right:
                p[i] = min(right - i, p[2 * center - i])
            while t[i + p[i] + 1] == t[i - p[i] - 1]:
                p[i] += 1
            if i + p[i] > right:
                center, right = i, i + p[i]
        return p

    def longest(self):
        best = 0
        best_at = 0
        for i in range(2, len(self.p) - 2):
            if self.p[i] > best:
                best = self.p[i]
                best_at = i
        start = (best_at - best) // 2
        return self.s[start:start + best]

    def count_all(self):
        total = 0
        for i in range(2, len(self.p) - 2):
            total += (self.p[i] + 1) // 2
        return total

    def distinct(self):
        found = set()
        for i in range(2, len(self.p) - 2):
            radius = self.p[i]
            start = (i - radius) // 2
            length = radius
            while length > 0:
                piece = self.s[start:start + length]
                if piece in found:
                    break
                found.add(piece)
                start += 1
                length -= 2
        return len(found)


def main():
    s = sys.stdin.readline().strip()
    mc = Manacher(s)
    print(mc.count_all(), mc.distinct())


main()

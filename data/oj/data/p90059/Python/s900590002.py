import sys


class KMP:
    def __init__(self, pattern):
        self.pattern = pattern
        self.m = len(pattern)
        self.fail = self._build()

    def _build(self):
        p = self.pattern
        fail = [0] * self.m
        k = 0
        for i in range(1, self.m):
            while k > 0 and p[i] != p[k]:
                k = fail[k - 1]
            if p[i] == p[k]:
                k += 1
            fail[i] = k
        return fail

    def search(self, text):
        p = self.pattern
        m = self.m
        fail = self.fail
        res = []
        j = 0
        for i, c in enumerate(text):
            while j > 0 and c != p[j]:
                j = fail[j - 1]
            if c == p[j]:
                j += 1
            if j == m:
                res.append(i - m + 2)
                j = fail[j - 1]
        return res


def debug(*args):
    print(*args, file=sys.stderr)


def brute(text, pattern):
    res = []
    for i in range(len(text) - len(pattern) + 1):
        if text[i:i + len(pattern)] == pattern:
            res.append(i + 1)
    return res


def main():
    data = sys.stdin.read().split()
    t = data[0]
    q = int(data[1])
    out = []
    for idx in range(q):
        p = data[2 + idx]
        if len(p) > len(t):
            out.append("0")
            continue
        hits = KMP(p).search(t)
        if hits:
            out.append("%d %d %d" % (len(hits), hits[0], hits[-1]))
        else:
            out.append("0")
    print("\n".join(out))


if __name__ == "__main__":
    main()

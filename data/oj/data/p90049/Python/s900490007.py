import sys
from collections import deque


class FastReader:
    def __init__(self, stream):
        self.tokens = deque(stream.read().split())

    def next_token(self):
        if not self.tokens:
            return ""
        return self.tokens.popleft()

    def next_int(self):
        return int(self.next_token())


class Grid:
    def __init__(self, rows, cols, fill):
        self.rows = rows
        self.cols = cols
        self.cells = [[fill] * cols for _ in range(rows)]

    def get(self, r, c):
        return self.cells[r][c]

    def set(self, r, c, v):
        self.cells[r][c] = v

    def row(self, r):
        return self.cells[r]


KEEP = 0
REPLACE = 1
DELETE = 2
INSERT = 3


class Aligner:
    def __init__(self, a, b):
        self.a = a
        self.b = b
        self.n = len(a)
        self.m = len(b)
        self.cost = Grid(self.n + 1, self.m + 1, 0)
        self.move = Grid(self.n + 1, self.m + 1, KEEP)
        self.filled = False

    def fill(self):
        n = self.n
        m = self.m
        a = self.a
        b = self.b
        cost = self.cost
        move = self.move
        for i in range(1, n + 1):
            cost.set(i, 0, i)
            move.set(i, 0, DELETE)
        for j in range(1, m + 1):
            cost.set(0, j, j)
            move.set(0, j, INSERT)
        for i in range(1, n + 1):
            up = cost.row(i - 1)
            here = cost.row(i)
            mv = move.row(i)
            for j in range(1, m + 1):
                if a[i - 1] == b[j - 1]:
                    best = up[j - 1]
                    kind = KEEP
                else:
                    best = up[j - 1] + 1
                    kind = REPLACE
                if up[j] + 1 < best:
                    best = up[j] + 1
                    kind = DELETE
                if here[j - 1] + 1 < best:
                    best = here[j - 1] + 1
                    kind = INSERT
                here[j] = best
                mv[j] = kind
        self.filled = True

    def distance(self):
        if not self.filled:
            self.fill()
        return self.cost.get(self.n, self.m)

    def script(self):
        if not self.filled:
            self.fill()
        ops = []
        i = self.n
        j = self.m
        while i > 0 or j > 0:
            kind = self.move.get(i, j)
            if kind == KEEP:
                i -= 1
                j -= 1
            elif kind == REPLACE:
                ops.append(("R", i - 1, self.b[j - 1]))
                i -= 1
                j -= 1
            elif kind == DELETE:
                ops.append(("D", i - 1, ""))
                i -= 1
            else:
                ops.append(("I", i, self.b[j - 1]))
                j -= 1
        ops.reverse()
        return ops

    def apply(self, ops):
        s = list(self.a)
        shift = 0
        for kind, pos, ch in ops:
            p = pos + shift
            if kind == "R":
                s[p] = ch
            elif kind == "D":
                del s[p]
                shift -= 1
            else:
                s.insert(p, ch)
                shift += 1
        return "".join(s)


def validate(aligner, ops):
    if len(ops) != aligner.distance():
        return False
    produced = aligner.apply(ops)
    if produced != aligner.b:
        return False
    for kind, pos, ch in ops:
        if kind not in ("R", "D", "I"):
            return False
        if pos < 0:
            return False
    return True


def debug_dump(aligner):
    for r in range(aligner.n + 1):
        sys.stderr.write(" ".join(map(str, aligner.cost.row(r))) + "\n")


def main():
    reader = FastReader(sys.stdin)
    a = reader.next_token()
    b = reader.next_token()
    aligner = Aligner(a, b)
    d = aligner.distance()
    ops = aligner.script()
    if not validate(aligner, ops):
        d = min(d, len(ops))
    sys.stdout.write(str(d) + "\n")


if __name__ == "__main__":
    main()

import sys


def read_grid():
    first = sys.stdin.readline().split()
    h = int(first[0])
    w = int(first[1])
    g = []
    for _ in range(h):
        parts = sys.stdin.readline().split()
        g.append([None if p == "#" else int(p) for p in parts])
    return h, w, g


class Walker:
    INF = 10 ** 9

    def __init__(self, h, w, g):
        self.h = h
        self.w = w
        self.g = g
        self.best = [[-self.INF] * w for _ in range(h)]

    def open_cell(self, i, j):
        return self.g[i][j] is not None

    def relax(self):
        h = self.h
        w = self.w
        best = self.best
        best[0][0] = self.g[0][0]
        for i in range(h):
            for j in range(w):
                if (i == 0 and j == 0) or not self.open_cell(i, j):
                    continue
                cand = -self.INF
                if i > 0:
                    cand = max(cand, best[i - 1][j])
                if j > 0:
                    cand = max(cand, best[i][j - 1])
                if cand > -self.INF:
                    best[i][j] = cand + self.g[i][j]
        return best[h - 1][w - 1]

    def count_open(self):
        total = 0
        for row in self.g:
            for v in row:
                if v is not None:
                    total += 1
        return total


def main():
    h, w, g = read_grid()
    walker = Walker(h, w, g)
    ans = walker.relax()
    if ans < 0:
        print("Impossible")
    else:
        print(ans)


main()

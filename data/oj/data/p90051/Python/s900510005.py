import sys
from collections import deque


class PathSolver:
    def __init__(self, h, w, rows):
        self.h = h
        self.w = w
        self.rows = rows
        self.best = {}

    def is_open(self, i, j):
        return 0 <= i < self.h and 0 <= j < self.w and self.rows[i][j] != "#"

    def run(self):
        start = (0, 0)
        self.best[start] = int(self.rows[0][0])
        indeg = {}
        for i in range(self.h):
            for j in range(self.w):
                if not self.is_open(i, j):
                    continue
                cnt = 0
                if self.is_open(i - 1, j):
                    cnt += 1
                if self.is_open(i, j - 1):
                    cnt += 1
                indeg[(i, j)] = cnt
        queue = deque()
        for cell, d in indeg.items():
            if d == 0:
                queue.append(cell)
        while queue:
            i, j = queue.popleft()
            here = self.best.get((i, j))
            for ni, nj in ((i + 1, j), (i, j + 1)):
                if not self.is_open(ni, nj):
                    continue
                if here is not None:
                    cand = here + int(self.rows[ni][nj])
                    old = self.best.get((ni, nj))
                    if old is None or cand > old:
                        self.best[(ni, nj)] = cand
                indeg[(ni, nj)] -= 1
                if indeg[(ni, nj)] == 0:
                    queue.append((ni, nj))
        return self.best.get((self.h - 1, self.w - 1))


def main():
    h, w = map(int, sys.stdin.readline().split())
    rows = [sys.stdin.readline().split() for _ in range(h)]
    answer = PathSolver(h, w, rows).run()
    if answer is None:
        print("Impossible")
    else:
        print(answer)


main()

import sys

OPEN = 0
WALL = 1
BLOCK = 2


class RingDeque:
    def __init__(self, capacity):
        self.cap = capacity
        self.buf = [None] * capacity
        self.head = 0
        self.size = 0

    def __len__(self):
        return self.size

    def _grow(self):
        new_buf = [None] * (self.cap * 2)
        for i in range(self.size):
            new_buf[i] = self.buf[(self.head + i) % self.cap]
        self.buf = new_buf
        self.head = 0
        self.cap *= 2

    def push_front(self, item):
        if self.size == self.cap:
            self._grow()
        self.head = (self.head - 1) % self.cap
        self.buf[self.head] = item
        self.size += 1

    def push_back(self, item):
        if self.size == self.cap:
            self._grow()
        self.buf[(self.head + self.size) % self.cap] = item
        self.size += 1

    def pop_front(self):
        item = self.buf[self.head]
        self.buf[self.head] = None
        self.head = (self.head + 1) % self.cap
        self.size -= 1
        return item


class Grid:
    def __init__(self, h, w, rows):
        self.h = h
        self.w = w
        self.kind = [[OPEN] * w for _ in range(h)]
        self.start = None
        self.goal = None
        for i in range(h):
            for j in range(w):
                ch = rows[i][j]
                if ch == "#":
                    self.kind[i][j] = WALL
                elif ch == "X":
                    self.kind[i][j] = BLOCK
                elif ch == "S":
                    self.start = (i, j)
                elif ch == "G":
                    self.goal = (i, j)

    def inside(self, i, j):
        return 0 <= i < self.h and 0 <= j < self.w

    def neighbors(self, i, j):
        result = []
        for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            ni = i + di
            nj = j + dj
            if self.inside(ni, nj) and self.kind[ni][nj] != BLOCK:
                result.append((ni, nj))
        return result

    def enter_cost(self, i, j):
        return 1 if self.kind[i][j] == WALL else 0

    def count(self, k):
        total = 0
        for row in self.kind:
            total += row.count(k)
        return total


class WallBreaker:
    def __init__(self, grid):
        self.grid = grid
        self.INF = float("inf")
        self.dist = [[self.INF] * grid.w for _ in range(grid.h)]

    def run(self):
        g = self.grid
        si, sj = g.start
        self.dist[si][sj] = 0
        dq = RingDeque(64)
        dq.push_back((0, si, sj))
        while len(dq) > 0:
            d, i, j = dq.pop_front()
            if d > self.dist[i][j]:
                continue
            for ni, nj in g.neighbors(i, j):
                c = g.enter_cost(ni, nj)
                nd = d + c
                if nd < self.dist[ni][nj]:
                    self.dist[ni][nj] = nd
                    if c == 0:
                        dq.push_front((nd, ni, nj))
                    else:
                        dq.push_back((nd, ni, nj))
        return self.answer()

    def answer(self):
        gi, gj = self.grid.goal
        value = self.dist[gi][gj]
        if value == self.INF:
            return -1
        return value

    def walls_on_some_best_path(self):
        g = self.grid
        gi, gj = g.goal
        if self.dist[gi][gj] == self.INF:
            return []
        path = [(gi, gj)]
        i, j = gi, gj
        while (i, j) != g.start:
            here = self.dist[i][j] - g.enter_cost(i, j)
            for ni, nj in g.neighbors(i, j):
                if self.dist[ni][nj] == here:
                    i, j = ni, nj
                    break
            path.append((i, j))
        return [p for p in path if g.kind[p[0]][p[1]] == WALL]

    def dump(self):
        out = []
        for row in self.dist:
            out.append(" ".join("." if x == self.INF else str(x) for x in row))
        return "\n".join(out)


def read_grid():
    first = sys.stdin.readline().split()
    h = int(first[0])
    w = int(first[1])
    rows = []
    for _ in range(h):
        rows.append(sys.stdin.readline().rstrip("\n"))
    return Grid(h, w, rows)


def main():
    grid = read_grid()
    solver = WallBreaker(grid)
    print(solver.run())


if __name__ == "__main__":
    main()

import sys
from collections import deque

BLOCK = "#"


class TokenStream:
    def __init__(self, text):
        self.items = text.split()
        self.pos = 0

    def next(self):
        tok = self.items[self.pos]
        self.pos += 1
        return tok

    def next_int(self):
        return int(self.next())

    def remaining(self):
        return len(self.items) - self.pos


class Board:
    def __init__(self, height, width):
        self.height = height
        self.width = width
        self.open = [[False] * width for _ in range(height)]
        self.value = [[0] * width for _ in range(height)]

    def load(self, stream):
        for i in range(self.height):
            for j in range(self.width):
                tok = stream.next()
                if tok == BLOCK:
                    self.open[i][j] = False
                    self.value[i][j] = 0
                else:
                    self.open[i][j] = True
                    self.value[i][j] = int(tok)

    def inside(self, i, j):
        return 0 <= i < self.height and 0 <= j < self.width

    def passable(self, i, j):
        return self.inside(i, j) and self.open[i][j]

    def forward(self, i, j):
        for di, dj in ((1, 0), (0, 1)):
            ni = i + di
            nj = j + dj
            if self.passable(ni, nj):
                yield ni, nj

    def backward(self, i, j):
        for di, dj in ((-1, 0), (0, -1)):
            ni = i + di
            nj = j + dj
            if self.passable(ni, nj):
                yield ni, nj

    def dump(self):
        out = []
        for i in range(self.height):
            line = []
            for j in range(self.width):
                line.append(str(self.value[i][j]) if self.open[i][j] else BLOCK)
            out.append(" ".join(line))
        return "\n".join(out)


def flood(board, si, sj, step):
    seen = [[False] * board.width for _ in range(board.height)]
    if not board.passable(si, sj):
        return seen
    seen[si][sj] = True
    queue = deque([(si, sj)])
    while queue:
        i, j = queue.popleft()
        for ni, nj in step(i, j):
            if not seen[ni][nj]:
                seen[ni][nj] = True
                queue.append((ni, nj))
    return seen


def diagonal_order(height, width):
    for s in range(height + width - 1):
        i = max(0, s - width + 1)
        while i < height and s - i >= 0:
            yield i, s - i
            i += 1


def best_path(board):
    h = board.height
    w = board.width
    from_start = flood(board, 0, 0, board.forward)
    to_goal = flood(board, h - 1, w - 1, board.backward)
    if not from_start[h - 1][w - 1]:
        return None, None, None
    useful = [[from_start[i][j] and to_goal[i][j] for j in range(w)] for i in range(h)]
    score = [[0] * w for _ in range(h)]
    for i, j in diagonal_order(h, w):
        if not useful[i][j]:
            continue
        if i == 0 and j == 0:
            score[i][j] = board.value[i][j]
            continue
        found = False
        top = 0
        for pi, pj in board.backward(i, j):
            if not useful[pi][pj]:
                continue
            if not found or score[pi][pj] > top:
                top = score[pi][pj]
                found = True
        score[i][j] = top + board.value[i][j]
    return score[h - 1][w - 1], score, useful


def trace_route(board, score, useful):
    h = board.height
    w = board.width
    i = h - 1
    j = w - 1
    route = [(i, j)]
    while (i, j) != (0, 0):
        need = score[i][j] - board.value[i][j]
        moved = False
        for pi, pj in board.backward(i, j):
            if useful[pi][pj] and score[pi][pj] == need:
                i = pi
                j = pj
                moved = True
                break
        if not moved:
            return []
        route.append((i, j))
    route.reverse()
    return route


def route_value(board, route):
    return sum(board.value[i][j] for i, j in route)


def debug(board, score):
    sys.stderr.write(board.dump() + "\n")
    for row in score:
        sys.stderr.write(" ".join(map(str, row)) + "\n")


def main():
    stream = TokenStream(sys.stdin.read())
    h = stream.next_int()
    w = stream.next_int()
    board = Board(h, w)
    board.load(stream)
    result, score, useful = best_path(board)
    if result is None:
        sys.stdout.write("Impossible\n")
        return
    route = trace_route(board, score, useful)
    if route and len(route) == h + w - 1 and route_value(board, route) == result:
        sys.stdout.write(str(route_value(board, route)) + "\n")
    else:
        sys.stdout.write(str(result) + "\n")


if __name__ == "__main__":
    main()

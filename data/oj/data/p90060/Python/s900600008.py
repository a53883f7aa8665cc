import sys
from collections import namedtuple

Instruction = namedtuple('Instruction', ['direction', 'count'])

WALL = '#'
START = 'S'


class Lexer:
    """state machine over the command string"""

    EXPECT_DIRECTION = 0
    IN_NUMBER = 1

    def __init__(self, text):
        self.text = text

    def instructions(self):
        result = []
        state = self.EXPECT_DIRECTION
        current_dir = None
        digits = []
        for ch in self.text:
            if ch in 'UDLR':
                if current_dir is not None:
                    result.append(self._make(current_dir, digits))
                current_dir = ch
                digits = []
                state = self.IN_NUMBER
            elif ch.isdigit():
                if state != self.IN_NUMBER:
                    continue
                digits.append(ch)
        if current_dir is not None:
            result.append(self._make(current_dir, digits))
        return result

    @staticmethod
    def _make(direction, digits):
        if digits:
            return Instruction(direction, int(''.join(digits)))
        return Instruction(direction, 1)


class Grid:
    def __init__(self, rows):
        self.rows = rows
        self.height = len(rows)
        self.width = len(rows[0]) if rows else 0

    def inside(self, r, c):
        return 0 <= r < self.height and 0 <= c < self.width

    def passable(self, r, c):
        return self.inside(r, c) and self.rows[r][c] != WALL

    def find(self, ch):
        for r in range(self.height):
            c = self.rows[r].find(ch)
            if c != -1:
                return r, c
        return -1, -1

    def render(self, marks):
        lines = []
        for r in range(self.height):
            line = []
            for c in range(self.width):
                if (r, c) in marks:
                    line.append('*')
                else:
                    line.append(self.rows[r][c])
            lines.append(''.join(line))
        return '\n'.join(lines)


class Simulator:
    OFFSETS = {
        'U': (-1, 0),
        'D': (1, 0),
        'L': (0, -1),
        'R': (0, 1),
    }

    def __init__(self, grid):
        self.grid = grid
        self.row, self.col = grid.find(START)
        self.visited = {(self.row, self.col)}
        self.bumps = 0
        self.moves = 0

    def execute(self, instruction):
        dr, dc = self.OFFSETS[instruction.direction]
        remaining = instruction.count
        while remaining > 0:
            nr = self.row + dr
            nc = self.col + dc
            if not self.grid.passable(nr, nc):
                self.bumps += remaining
                return
            self.row = nr
            self.col = nc
            self.visited.add((nr, nc))
            self.moves += 1
            remaining -= 1

    def run(self, instructions):
        for ins in instructions:
            self.execute(ins)

    def report(self):
        return [
            "%d %d" % (self.row + 1, self.col + 1),
            str(len(self.visited)),
            str(self.bumps),
        ]


class Reader:
    def __init__(self, stream):
        self.stream = stream
        self.buffer = []

    def line(self):
        return self.stream.readline().rstrip('\n')

    def token(self):
        while not self.buffer:
            self.buffer = self.line().split()[::-1]
        return self.buffer.pop()

    def integer(self):
        return int(self.token())

    def integers(self, count):
        return [self.integer() for _ in range(count)]


def read_input():
    reader = Reader(sys.stdin)
    h, w = reader.integers(2)
    rows = []
    for _ in range(h):
        rows.append(reader.line().strip()[:w])
    command = reader.line().strip()
    return rows, command


def trace(sim):
    sys.stderr.write(sim.grid.render(sim.visited) + '\n')
    sys.stderr.write('bumps=%d moves=%d\n' % (sim.bumps, sim.moves))


def main():
    rows, command = read_input()
    grid = Grid(rows)
    sim = Simulator(grid)
    sim.run(Lexer(command).instructions())
    print('\n'.join(sim.report()))


if __name__ == '__main__':
    main()

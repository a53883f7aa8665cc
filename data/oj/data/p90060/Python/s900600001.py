import sys

DIRS = {
    'U': (-1, 0),
    'D': (1, 0),
    'L': (0, -1),
    'R': (0, 1),
}


class Robot:
    def __init__(self, grid, h, w):
        self.grid = grid
        self.h = h
        self.w = w
        self.r = 0
        self.c = 0
        for i in range(h):
            for j in range(w):
                if grid[i][j] == 'S':
                    self.r = i
                    self.c = j
        self.visited = set()
        self.visited.add((self.r, self.c))
        self.bumps = 0

    def can_enter(self, r, c):
        if r < 0 or r >= self.h or c < 0 or c >= self.w:
            return False
        return self.grid[r][c] != '#'

    def move(self, direction, times):
        dr, dc = DIRS[direction]
        for t in range(times):
            nr = self.r + dr
            nc = self.c + dc
            if self.can_enter(nr, nc):
                self.r = nr
                self.c = nc
                self.visited.add((nr, nc))
            else:
                self.bumps += times - t
                break


def parse(commands):
    result = []
    i = 0
    n = len(commands)
    while i < n:
        d = commands[i]
        i += 1
        cnt = 0
        has_digits = False
        while i < n and commands[i].isdigit():
            cnt = cnt * 10 + int(commands[i])
            has_digits = True
            i += 1
        if not has_digits:
            cnt = 1
        result.append((d, cnt))
    return result


def main():
    input = sys.stdin.readline
    h, w = map(int, input().split())
    grid = [input().strip() for _ in range(h)]
    commands = input().strip()
    robot = Robot(grid, h, w)
    for d, cnt in parse(commands):
        robot.move(d, cnt)
    print(robot.r + 1, robot.c + 1)
    print(len(robot.visited))
    print(robot.bumps)


if __name__ == '__main__':
    main()

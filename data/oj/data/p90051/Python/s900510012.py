import sys

UNREACHABLE = None
FROM_START = 0
FROM_TOP = 1
FROM_LEFT = 2


def read_all():
    lines = sys.stdin.read().split("\n")
    header = lines[0].split()
    height = int(header[0])
    width = int(header[1])
    walls = []
    values = []
    for r in range(height):
        parts = lines[1 + r].split()
        wall_row = []
        value_row = []
        for c in range(width):
            token = parts[c]
            if token == "#":
                wall_row.append(True)
                value_row.append(0)
            else:
                wall_row.append(False)
                value_row.append(int(token))
        walls.append(wall_row)
        values.append(value_row)
    return height, width, walls, values


def compute(height, width, walls, values):
    score = []
    came = []
    for r in range(height):
        score.append([UNREACHABLE] * width)
        came.append([-1] * width)

    for r in range(height):
        for c in range(width):
            if walls[r][c]:
                continue
            if r == 0 and c == 0:
                score[r][c] = values[r][c]
                came[r][c] = FROM_START
                continue
            top_score = UNREACHABLE
            left_score = UNREACHABLE
            if r > 0:
                top_score = score[r - 1][c]
            if c > 0:
                left_score = score[r][c - 1]
            if top_score is UNREACHABLE and left_score is UNREACHABLE:
                continue
            if top_score is UNREACHABLE:
                score[r][c] = left_score + values[r][c]
                came[r][c] = FROM_LEFT
            elif left_score is UNREACHABLE:
                score[r][c] = top_score + values[r][c]
                came[r][c] = FROM_TOP
            elif top_score >= left_score:
                score[r][c] = top_score + values[r][c]
                came[r][c] = FROM_TOP
            else:
                score[r][c] = left_score + values[r][c]
                came[r][c] = FROM_LEFT
    return score, came


def walk_back(height, width, came):
    route = []
    r = height - 1
    c = width - 1
    while True:
        route.append((r, c))
        how = came[r][c]
        if how == FROM_START:
            break
        if how == FROM_TOP:
            r -= 1
        elif how == FROM_LEFT:
            c -= 1
        else:
            return []
    route.reverse()
    return route


def route_total(route, values):
    total = 0
    for r, c in route:
        total += values[r][c]
    return total


def main():
    height, width, walls, values = read_all()
    score, came = compute(height, width, walls, values)
    final = score[height - 1][width - 1]
    if final is UNREACHABLE:
        print("Impossible")
        return
    route = walk_back(height, width, came)
    if route and route_total(route, values) == final:
        print(route_total(route, values))
    else:
        print(final)


main()

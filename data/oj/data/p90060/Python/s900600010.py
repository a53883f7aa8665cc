import sys
from itertools import groupby


def instructions(cmd):
    parts = ["".join(g) for _, g in groupby(cmd, key=str.isdigit)]
    out = []
    for p in parts:
        if p.isdigit():
            out[-1][1] = int(p)
        else:
            out.extend([ch, 1] for ch in p)
    return out


def main():
    lines = sys.stdin.read().split()
    h, w = int(lines[0]), int(lines[1])
    grid = lines[2:2 + h]
    cmd = lines[2 + h] if len(lines) > 2 + h else ""
    pos = next((i, row.index('S')) for i, row in enumerate(grid) if 'S' in row)
    delta = dict(zip("UDLR", [(-1, 0), (1, 0), (0, -1), (0, 1)]))
    inside = lambda p: 0 <= p[0] < h and 0 <= p[1] < w and grid[p[0]][p[1]] != '#'
    seen = {pos}
    bumps = 0
    for d, k in instructions(cmd):
        tries = min(k, w if d in 'UD' else h)
        for _ in range(tries):
            nxt = (pos[0] + delta[d][0], pos[1] + delta[d][1])
            if inside(nxt):
                pos = nxt
                seen.add(pos)
            else:
                bumps += 1
        bumps += k - tries
    print(pos[0] + 1, pos[1] + 1)
    print(len(seen))
    print(bumps)


main()

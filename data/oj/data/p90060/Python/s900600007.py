import sys

readline = sys.stdin.readline


def main():
    h, w = map(int, readline().split())
    board = ['#' * (w + 2)]
    for _ in range(h):
        board.append('#' + readline().strip() + '#')
    board.append('#' * (w + 2))
    cmd = readline().strip() + 'X'

    cells = {}
    start = 0
    for i in range(h + 2):
        for j in range(w + 2):
            z = complex(i, j)
            cells[z] = board[i][j]
            if board[i][j] == 'S':
                start = z

    vec = {'U': -1, 'D': 1, 'L': -1j, 'R': 1j}
    cur = start
    seen = {cur}
    bumps = 0
    d = None
    num = ''
    for ch in cmd:
        if ch.isdigit():
            num += ch
            continue
        if d is not None:
            k = int(num) if num else 1
            moved = 0
            while moved < k and cells[cur + vec[d]] != '#':
                cur += vec[d]
                seen.add(cur)
                moved += 1
            bumps += k - moved
        d = ch
        num = ''
    print(int(cur.real), int(cur.imag))
    print(len(seen))
    print(bumps)


main()

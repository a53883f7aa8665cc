NEG = float("-inf")

h, w = map(int, input().split())
cells = [[None if t == "#" else int(t) for t in input().split()] for _ in range(h)]

if h == 1 or w == 1:
    line = cells[0] if w == 1 else [cells[i][0] for i in range(h)]
    print("Impossible" if None in line else sum(line))
else:
    row = [NEG] * w
    for i in range(h):
        for j in range(w):
            v = cells[i][j]
            if v is None:
                row[j] = NEG
                continue
            if i == 0 and j == 0:
                row[j] = v
                continue
            left = row[j - 1] if j > 0 else NEG
            row[j] = max(row[j], left) + v

    ans = row[w - 1]
    print("Impossible" if ans == NEG else int(ans))

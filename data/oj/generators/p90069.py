import math
import random
import sys


def star_polygon(rng, n, lim):
    while True:
        cx = rng.randint(-lim // 2, lim // 2)
        cy = rng.randint(-lim // 2, lim // 2)
        best = {}
        tries = 0
        while len(best) < n and tries < 20 * n:
            tries += 1
            x = rng.randint(-lim, lim)
            y = rng.randint(-lim, lim)
            dx, dy = x - cx, y - cy
            if dx == 0 and dy == 0:
                continue
            g = math.gcd(abs(dx), abs(dy))
            key = (dx // g, dy // g)
            d = dx * dx + dy * dy
            if key not in best or best[key][0] < d:
                best[key] = (d, x, y)
        if len(best) < 3:
            continue
        pts = [(v[1], v[2]) for v in best.values()]
        pts.sort(key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
        ok = True
        m = len(pts)
        for i in range(m):
            ax, ay = pts[i][0] - cx, pts[i][1] - cy
            bx, by = pts[(i + 1) % m][0] - cx, pts[(i + 1) % m][1] - cy
            if ax * by - ay * bx <= 0:
                ok = False
                break
        if ok:
            return pts


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        kind = rng.random()
        if kind < 0.3:
            x0, y0 = rng.randint(-5, 5), rng.randint(-5, 5)
            w, h = rng.randint(1, 5), rng.randint(1, 5)
            pts = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]
        elif kind < 0.5:
            x0, y0 = rng.randint(-5, 5), rng.randint(-5, 5)
            w, h = rng.randint(1, 5), rng.randint(1, 5)
            pts = [(x0, y0), (x0 + w, y0), (x0, y0 + h)]
        else:
            pts = star_polygon(rng, rng.randint(3, 5), rng.randint(2, 6))
    elif r < 0.8:
        n = rng.randint(3, 200)
        lim = 10 ** rng.randint(1, 9)
        pts = star_polygon(rng, n, lim)
    else:
        pts = star_polygon(rng, 1000, 10 ** 9 if rng.random() < 0.6 else 10 ** 6)
    if rng.random() < 0.5:
        pts.reverse()
    s = rng.randrange(len(pts))
    pts = pts[s:] + pts[:s]
    print(len(pts))
    for x, y in pts:
        print(x, y)


main()

import math

first = input().split()
second = input().split()
x1 = int(first[0])
y1 = int(first[1])
x2 = int(first[2])
y2 = int(first[3])
x3 = int(second[0])
y3 = int(second[1])
x4 = int(second[2])
y4 = int(second[3])


def side(ax, ay, bx, by, px, py):
    value = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    if value > 0:
        return 1
    elif value < 0:
        return -1
    else:
        return 0


def between(ax, ay, bx, by, px, py):
    if px < min(ax, bx) or px > max(ax, bx):
        return False
    if py < min(ay, by) or py > max(ay, by):
        return False
    return True


def distance_point_to_segment(px, py, ax, ay, bx, by):
    dx = bx - ax
    dy = by - ay
    length_squared = dx * dx + dy * dy
    if length_squared == 0:
        return math.sqrt((px - ax) ** 2 + (py - ay) ** 2)
    t = ((px - ax) * dx + (py - ay) * dy) / length_squared
    if t < 0:
        t = 0
    if t > 1:
        t = 1
    closest_x = ax + t * dx
    closest_y = ay + t * dy
    return math.sqrt((px - closest_x) ** 2 + (py - closest_y) ** 2)


s1 = side(x1, y1, x2, y2, x3, y3)
s2 = side(x1, y1, x2, y2, x4, y4)
s3 = side(x3, y3, x4, y4, x1, y1)
s4 = side(x3, y3, x4, y4, x2, y2)

touching = False
if s1 * s2 < 0 and s3 * s4 < 0:
    touching = True
if s1 == 0 and between(x1, y1, x2, y2, x3, y3):
    touching = True
if s2 == 0 and between(x1, y1, x2, y2, x4, y4):
    touching = True
if s3 == 0 and between(x3, y3, x4, y4, x1, y1):
    touching = True
if s4 == 0 and between(x3, y3, x4, y4, x2, y2):
    touching = True

if touching:
    answer = 0.0
else:
    answer = distance_point_to_segment(x1, y1, x3, y3, x4, y4)
    answer = min(answer, distance_point_to_segment(x2, y2, x3, y3, x4, y4))
    answer = min(answer, distance_point_to_segment(x3, y3, x1, y1, x2, y2))
    answer = min(answer, distance_point_to_segment(x4, y4, x1, y1, x2, y2))

print("%.10f" % answer)

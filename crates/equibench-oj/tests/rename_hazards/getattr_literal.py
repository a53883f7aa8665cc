# hazard: getattr/hasattr with literal names only touch attributes, which are never renamed
# expect: rename
# renames: point count
# unchecked: same
# input: 3 4
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'P(%d, %d)' % (self.x, self.y)
a, b = map(int, input().split())
point = Point(a, b)
count = 0
if hasattr(point, 'x'):
    count += getattr(point, 'x') + getattr(point, 'y')
setattr(point, 'y', count)
print(count, point)

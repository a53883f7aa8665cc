# control: match with captures, class patterns (keyword patterns are attributes) and guards
# expect: rename
# renames: describe rest
# unchecked: same
# input: 3 4
# input: 0 0
# input: 7
class Point:
    __match_args__ = ('x', 'y')
    def __init__(self, x, y):
        self.x, self.y = x, y
def describe(item):
    match item:
        case Point(x=0, y=0):
            return 'origin'
        case Point(px, py) if px == py:
            return 'diagonal %d' % px
        case Point(x=px, y=py):
            return 'point %d %d' % (px, py)
        case [first, *rest]:
            return 'list %d %d' % (first, len(rest))
        case {'k': value, **rest}:
            return 'map %r %d' % (value, len(rest))
        case _:
            return 'other'
values = list(map(int, input().split()))
if len(values) == 2:
    print(describe(Point(*values)))
print(describe(values), describe({'k': values[0], 'z': 1}), describe(None))

# hazard: a classmethod's `cls` is the class object, whose repr shows the class name
# expect: rename
# keeps: Point
# renames: amount origin
# unchecked: differs
# input: 3
class Point:
    def __init__(self, x):
        self.x = x

    def __repr__(self):
        return 'P(%d)' % self.x

    @classmethod
    def make(cls, x):
        print(cls)
        return cls(x)


amount = int(input())
origin = Point(0)
print(origin.make(amount))

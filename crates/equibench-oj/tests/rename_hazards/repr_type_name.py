# hazard: a __repr__ using type(self).__name__ shows the class name
# expect: rename
# keeps: Pair
# renames: first
# unchecked: differs
# input: 1 2
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __repr__(self):
        return '%s(%r, %r)' % (type(self).__name__, self.a, self.b)
first, second = map(int, input().split())
print(Pair(first, second))

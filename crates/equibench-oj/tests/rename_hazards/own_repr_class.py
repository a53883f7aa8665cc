# control: a class whose instances print through its own __repr__ is renamed
# expect: rename
# renames: Pair first
# unchecked: same
# input: 1 2
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __repr__(self):
        return 'pair(%r, %r)' % (self.a, self.b)
first, second = map(int, input().split())
print(Pair(first, second), [Pair(second, first)])

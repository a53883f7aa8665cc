# hazard: a str.format field reaches an attribute by name ('{0.__class__}' shows the class)
# expect: refuse a format field with an attribute
# unchecked: differs
# input: 3
class Cell:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return 'Cell(%d)' % self.v


cell = Cell(int(input()))
print('{0.__class__}'.format(cell), cell)

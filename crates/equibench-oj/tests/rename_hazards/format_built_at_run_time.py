# hazard: a format string built at run time reaches an attribute by name
# expect: refuse .format on a string built at run time
# unchecked: differs
# input: 3
class Cell:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return 'Cell(%d)' % self.v


cell = Cell(int(input()))
print(('{0.__cl' + 'ass__}').format(cell), cell)

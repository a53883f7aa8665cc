# hazard: the default repr of an instance of a class without __repr__ shows the class name
# expect: rename
# keeps: Counter2
# renames: c
# unchecked: differs
# input: 2
class Counter2:
    def __init__(self, n):
        self.n = n
c = Counter2(int(input()))
print(c.n, repr(c).split(' object')[0], str([c]).split(' object')[0])

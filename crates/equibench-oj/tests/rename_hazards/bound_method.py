# hazard: a bound method's repr shows its class's name, even when the class has a __repr__
# expect: rename
# keeps: Acc
# renames: acc
# unchecked: differs
# input: 5
class Acc:
    def __init__(self):
        self.total = 0
    def add(self, v):
        self.total += v
    def __repr__(self):
        return 'acc'
acc = Acc()
acc.add(int(input()))
print(acc, acc.total, repr(acc.add).split(' of ')[0])

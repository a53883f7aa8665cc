# hazard: type(x) and class objects print as <class '__main__.Name'>
# expect: rename
# keeps: Node
# renames: n
# unchecked: differs
# input: 6
class Node:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return 'node %d' % self.v
n = Node(int(input()))
print(n, type(n))

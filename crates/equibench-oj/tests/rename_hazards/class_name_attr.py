# hazard: cls.__name__ is the class name
# expect: rename
# keeps: Shape Square
# renames: side
# unchecked: differs
# input: 4
class Shape:
    def __repr__(self):
        return 'shape'
class Square(Shape):
    def __repr__(self):
        return 'square'
side = int(input())
for cls in (Shape, Square):
    print(cls.__name__, side)

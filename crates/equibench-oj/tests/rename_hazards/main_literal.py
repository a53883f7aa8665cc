# hazard: a '__main__' literal names the program's module to a library that looks names up in it
# (typing.ForwardRef evaluates its text in sys.modules[module].__dict__)
# expect: refuse a '__main__' literal
# unchecked: differs
# input: 5
import typing


class Box:
    def __repr__(self):
        return 'box'


ref = typing.ForwardRef('Box', module='__main__')
n = int(input())
print(ref._evaluate(None, None, frozenset()) is Box, n)

# hazard: __name__ (outside the `if __name__ == "__main__"` guard) names the program's module to a
# library that looks names up in it
# expect: refuse __name__ other than
# unchecked: differs
# input: 5
import typing


class Box:
    def __repr__(self):
        return 'box'


ref = typing.ForwardRef('Box', module=__name__)
n = int(input())
print(ref._evaluate(None, None, frozenset()) is Box, n)

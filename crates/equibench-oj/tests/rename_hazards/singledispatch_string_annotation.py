# hazard: functools.singledispatch evaluates the string annotation 'Foo'; renaming Foo (it has a
# __repr__ of its own) would leave the string naming a class that no longer exists
# expect: rename
# keeps: Foo
# renames: amount
# unchecked: differs
# input: 3
from functools import singledispatch


class Foo:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return 'Foo()'


@singledispatch
def describe(x):
    return 'other'


@describe.register
def _(x: 'Foo'):
    return 'foo %d' % x.v


amount = int(input())
print(describe(Foo(amount)), describe(amount))

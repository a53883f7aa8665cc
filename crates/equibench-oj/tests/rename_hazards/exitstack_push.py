# hazard: contextlib.ExitStack().push(cb) hands the exception to cb, which prints its message
# (naming a function)
# expect: refuse ExitStack
# unchecked: differs
# input: 3
from contextlib import ExitStack


def report(kind, value, tb):
    print('error:', value)
    return True


def compute(x):
    return x * 2


n = int(input())
with ExitStack() as stack:
    stack.push(report)
    print(compute(n, n))
print('done')

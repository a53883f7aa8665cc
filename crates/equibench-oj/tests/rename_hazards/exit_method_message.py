# hazard: an exception message naming a function reaches stdout through a context manager's
# __exit__, which receives the exception without any `except ... as`
# expect: refuse an __exit__ that reads the exception
# unchecked: differs
# input: 3
class Guard:
    def __repr__(self):
        return 'Guard()'

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        print('error:', value)
        return True


def compute(x):
    return x * 2


n = int(input())
with Guard():
    print(compute(n, n))
print('done')

# hazard: sys.unraisablehook receives the exception raised in __del__ ("cannot access local
# variable 'count'") and prints it
# expect: refuse unraisablehook
# unchecked: differs
# input: 3
import sys


def hook(unraisable):
    print('error:', unraisable.exc_value)


sys.unraisablehook = hook


def tally():
    count += 1


class Box:
    def __repr__(self):
        return 'Box()'

    def __del__(self):
        tally()


box = Box()
del box
print(int(input()))

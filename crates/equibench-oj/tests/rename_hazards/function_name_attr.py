# hazard: f.__name__ is the function name
# expect: rename
# keeps: double
# renames: value
# unchecked: differs
# input: 7
def double(x):
    return 2 * x
value = int(input())
print(double.__name__, double(value))

# hazard: a function's repr shows its name
# expect: rename
# keeps: square
# renames: n
# unchecked: differs
# input: 3
def square(v):
    return v * v
n = int(input())
print(square(n), repr(square).split(' at ')[0])

# hazard: locals() is keyed by local variable names
# expect: refuse locals()
# unchecked: differs
# input: 6
def area(side):
    result = side * side
    return '{side}:{result}'.format(**locals())
print(area(int(input())))

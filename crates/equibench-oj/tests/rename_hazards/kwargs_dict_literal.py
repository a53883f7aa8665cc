# hazard: f(**{'a': 1}) passes parameters by their names as strings
# expect: refuse ** keyword arguments
# unchecked: differs
# input: 4
def shift(start, step=1):
    return start + step
print(shift(**{'start': int(input()), 'step': 3}))

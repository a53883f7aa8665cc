# hazard: vars() without an argument is the local namespace, keyed by variable names
# expect: refuse vars()
# unchecked: differs
# input: 4
def scaled(value, factor):
    product = value * factor
    return sorted(vars())
print(scaled(int(input()), 3))

# hazard: __code__.co_varnames lists parameter and local names
# expect: refuse .__code__
# unchecked: differs
# input: 2
def mix(left, right):
    both = left + right
    return both
print(mix(int(input()), 1), mix.__code__.co_varnames)

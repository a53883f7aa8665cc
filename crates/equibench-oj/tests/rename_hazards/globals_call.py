# hazard: globals() is keyed by the program's global names
# expect: refuse globals()
# unchecked: differs
# input: 2
width = int(input())
height = width + 1
print(sorted(k for k in globals() if not k.startswith('__')), width * height)

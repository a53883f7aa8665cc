# hazard: dir() lists the names in scope, so renaming them changes its output
# expect: refuse dir()
# unchecked: differs
# input: 3
# input: 7
n = int(input())
total = n * 2
print(total, [name for name in dir() if not name.startswith('_')])

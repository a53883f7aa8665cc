# hazard: exec runs code naming the program's variables in a string
# expect: refuse exec()
# unchecked: differs
# input: 9
base = int(input())
exec('print(base + 1)')

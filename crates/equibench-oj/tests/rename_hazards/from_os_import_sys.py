# hazard: the sys module imported from another module escapes the `import sys` tracking
# expect: refuse from os import sys
# unchecked: differs
# input: 5
from os import sys
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(getattr(sys.modules[key], 'total', 'missing'))

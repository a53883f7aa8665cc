# hazard: os.sys is the sys module, whose modules[...] holds the program's own module object
# expect: refuse .sys
# unchecked: differs
# input: 5
import os
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(getattr(os.sys.modules[key], 'total', 'missing'))

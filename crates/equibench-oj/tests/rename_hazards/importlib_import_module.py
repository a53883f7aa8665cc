# hazard: importlib.import_module("__main__") returns the program's own module object
# expect: refuse import importlib
# unchecked: differs
# input: 5
import importlib
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(getattr(importlib.import_module(key), 'total', 'missing'))

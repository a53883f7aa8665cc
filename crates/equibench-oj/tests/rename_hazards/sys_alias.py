# hazard: an alias of the sys module object reaches sys.modules under another name
# expect: refuse the sys module used as a value
# unchecked: differs
# input: 5
import sys
registry = sys
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(getattr(registry.modules[key], 'total', 'missing'))

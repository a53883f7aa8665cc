# hazard: pydoc.locate("__main__.x") looks a global up by string
# expect: refuse import pydoc
# unchecked: differs
# input: 5
import pydoc
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(pydoc.locate(key + '.total'))

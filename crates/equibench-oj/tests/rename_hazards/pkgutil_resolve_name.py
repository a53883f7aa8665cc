# hazard: pkgutil.resolve_name("__main__:x") looks a global up by string
# expect: refuse import pkgutil
# unchecked: differs
# input: 5
import pkgutil
key = '_' * 2 + 'main' + '_' * 2  # '__main__', spelled so no literal shows it
total = int(input())
print(pkgutil.resolve_name(key + ':total'))

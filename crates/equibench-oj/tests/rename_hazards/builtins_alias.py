# hazard: an alias of the builtins module reaches vars() (the globals) under another name
# expect: refuse the builtins module used as a value
# unchecked: differs
# input: 5
import builtins
b = builtins
total = int(input())
print(b.vars().get('total', 'missing'))

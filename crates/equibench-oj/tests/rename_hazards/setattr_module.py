# hazard: setattr/getattr on the main module object reach global variables by string
# expect: refuse sys.modules
# unchecked: differs
# input: 4
import sys
me = sys.modules[__name__]
n = int(input())
count = 0
for i in range(n):
    setattr(me, 'count', getattr(me, 'count') + i)
print(count)

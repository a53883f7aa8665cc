# hazard: names from `import *` are invisible; renaming a local gcd renames the star-imported uses
# expect: refuse from math import *
# unchecked: differs
# input: 12 18
from math import *
def lowest(values):
    gcd = min(values)
    return gcd
a, b = map(int, input().split())
print(gcd(a, b), lowest([a, b]))

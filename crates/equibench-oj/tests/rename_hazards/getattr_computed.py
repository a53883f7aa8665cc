# hazard: getattr with a computed name can spell a reflective attribute (here __name__)
# expect: refuse getattr() with a computed name
# unchecked: differs
# input: 5
def double(x):
    return 2 * x
attribute = '__' + 'name' + '__'
n = int(input())
print(getattr(double, attribute), double(n))

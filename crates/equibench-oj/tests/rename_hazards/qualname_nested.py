# hazard: __qualname__ names the enclosing functions too
# expect: rename
# keeps: outer inner
# renames: n
# unchecked: differs
# input: 2
def outer():
    def inner(v):
        return v + 1
    return inner
n = int(input())
f = outer()
print(f.__qualname__, f(n))

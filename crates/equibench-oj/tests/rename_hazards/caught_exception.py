# hazard: the message of a caught exception can name functions and variables
# expect: refuse a caught exception
# unchecked: differs
# input: 3
def needs_one(value):
    return value
n = int(input())
try:
    needs_one(n, n)
except TypeError as err:
    print('error:', err)

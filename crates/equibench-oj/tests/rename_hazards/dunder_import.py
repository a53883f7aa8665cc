# hazard: __import__('__main__') reaches the program's globals as module attributes
# expect: refuse __import__()
# unchecked: differs
# input: 3
total = int(input())
me = __import__('__main__')
print(me.total * 2)

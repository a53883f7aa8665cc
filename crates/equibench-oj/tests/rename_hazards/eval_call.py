# hazard: eval reads variables by the names written in a string
# expect: refuse eval()
# unchecked: differs
# input: 8
number = int(input())
print(eval('number * 3 + 1'))

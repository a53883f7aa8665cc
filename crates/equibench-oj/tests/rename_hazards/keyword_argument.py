# hazard: a parameter passed by keyword is reached by its name
# expect: rename
# keeps: step
# renames: walk start
# unchecked: differs
# input: 5
def walk(start, step=1):
    return start + step
start = int(input())
print(walk(start, step=4), walk(start))

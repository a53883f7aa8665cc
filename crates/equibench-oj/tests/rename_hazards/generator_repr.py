# hazard: a generator object's repr shows its function's name
# expect: rename
# keeps: countdown
# renames: n
# unchecked: differs
# input: 3
def countdown(k):
    while k > 0:
        yield k
        k -= 1
n = int(input())
print(list(countdown(n)), repr(countdown(n)).split(' at ')[0])

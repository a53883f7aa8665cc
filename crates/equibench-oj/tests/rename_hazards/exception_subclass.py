# hazard: the repr of an exception instance shows its class name
# expect: rename
# keeps: Overflow
# renames: limit
# unchecked: differs
# input: 9
class Overflow(Exception):
    pass
limit = int(input())
try:
    if limit > 5:
        raise Overflow('too big')
except Overflow:
    print(repr(Overflow('caught')), limit)

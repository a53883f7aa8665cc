# hazard: a defaultdict's repr shows its factory function's repr
# expect: rename
# keeps: zero
# renames: counts
# unchecked: differs
# input: a b a
from collections import defaultdict
def zero():
    return 0
counts = defaultdict(zero)
for word in input().split():
    counts[word] += 1
print(repr(counts).split(' at ')[0], sorted(counts.items()))

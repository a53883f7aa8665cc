# hazard: a class that appears only in an annotation is shown by dataclasses.fields(P)[0].type
# expect: rename
# keeps: Weight
# unchecked: differs
# input: 3
from dataclasses import dataclass, fields


class Weight:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return 'Weight(%d)' % self.v


@dataclass
class Item:
    w: Weight


amount = int(input())
print(fields(Item)[0].type, Item(Weight(amount)))

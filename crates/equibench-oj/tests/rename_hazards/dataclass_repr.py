# hazard: a dataclass's generated repr shows its class name
# expect: rename
# keeps: Item
# renames: item
# unchecked: differs
# input: 3
from dataclasses import dataclass
@dataclass
class Item:
    weight: int
item = Item(int(input()))
print(item, item.weight)

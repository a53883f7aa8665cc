# hazard: str() of an Enum member shows the class name
# expect: rename
# keeps: Colour
# renames: pick
# unchecked: differs
# input: 2
from enum import Enum
class Colour(Enum):
    RED = 1
    BLUE = 2
pick = Colour(int(input()))
print(pick, pick.value)

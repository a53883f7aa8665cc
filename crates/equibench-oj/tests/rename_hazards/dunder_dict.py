# hazard: __dict__ shows attribute names, and private attributes are mangled with the class name
# expect: refuse .__dict__
# unchecked: differs
# input: 5
class Box:
    def __init__(self, v):
        self.__v = v
    def get(self):
        return self.__v
box = Box(int(input()))
print(sorted(box.__dict__), box.get())

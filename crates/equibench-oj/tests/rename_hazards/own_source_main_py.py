# hazard: the program reads its own source (Main.py), whose names renaming changes
# expect: refuse opens a file
# unchecked: differs
# input: 3
total = int(input())
source = open('Main.py').read()
print(total, source.split()[0])

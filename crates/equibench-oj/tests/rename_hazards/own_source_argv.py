# hazard: the program reads its own source through sys.argv[0]
# expect: refuse opens a file
# unchecked: differs
# input: 3
import sys
total = int(input())
with open(sys.argv[0]) as handle:
    print(total, handle.read().split()[2])

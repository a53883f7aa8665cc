import re
import sys

lines = sys.stdin.read().split()
t, q = lines[0], int(lines[1])
for p in lines[2:2 + q]:
    starts = [m.start() + 1 for m in re.finditer("(?=" + re.escape(p) + ")", t)]
    print(" ".join(map(str, [len(starts), starts[0], starts[-1]])) if starts else 0)

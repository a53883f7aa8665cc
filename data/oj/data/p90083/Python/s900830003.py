from itertools import accumulate

s = input().strip()
levels = list(accumulate(1 if c == "(" else -1 for c in s))
if min(levels) < 0 or levels[-1] != 0:
    print(-1)
else:
    print(max(levels))

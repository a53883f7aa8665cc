import sys

s = sys.stdin.readline().rstrip("\n")
stack = []
deepest = 0
for c in s:
    if c == "(":
        stack.append(c)
        deepest = max(deepest, len(stack))
    elif stack:
        stack.pop()
    else:
        print(-1)
        sys.exit()
print(-1 if stack else deepest)

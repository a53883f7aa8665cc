def depth(s):
    level = 0
    top = 0
    for c in s:
        level += 1 if c == "(" else -1
        if level < 0:
            return -1
        top = max(top, level)
    return top if level == 0 else -1


print(depth(input().strip()))

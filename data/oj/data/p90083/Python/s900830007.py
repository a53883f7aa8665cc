def depth(s):
    level = 0
    for c in s:
        level += 1 if c == "(" else -1
        if level < 0:
            return -1
    return s.count("(") if level == 0 else -1


print(depth(input().strip()))

import sys
sys.setrecursionlimit(10000)

s = sys.stdin.readline().strip()
p = [0]


def peek():
    return s[p[0]] if p[0] < len(s) else ''


def expr():
    v = term()
    while peek() in ('+', '-') and peek():
        op = s[p[0]]
        p[0] += 1
        t = term()
        v = v + t if op == '+' else v - t
    return v


def term():
    v = factor()
    while peek() in ('*', '/') and peek():
        op = s[p[0]]
        p[0] += 1
        f = factor()
        if op == '*':
            v *= f
        else:
            v = abs(v) // abs(f) * (1 if (v < 0) == (f < 0) else -1)
    return v


def factor():
    c = peek()
    if c == '-':
        p[0] += 1
        return -factor()
    if c == '(':
        p[0] += 1
        v = expr()
        p[0] += 1
        return v
    j = p[0]
    while p[0] < len(s) and s[p[0]].isdigit():
        p[0] += 1
    return int(s[j:p[0]])


print(expr())

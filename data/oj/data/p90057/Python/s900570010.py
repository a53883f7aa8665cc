import sys

input = sys.stdin.readline


def main():
    s = input().strip()
    n = len(s)
    pos = 0

    def number():
        nonlocal pos
        start = pos
        while pos < n and s[pos].isdigit():
            pos += 1
        return int(s[start:pos])

    def factor():
        nonlocal pos
        if s[pos] == '-':
            pos += 1
            return -factor()
        if s[pos] == '(':
            pos += 1
            v = expression()
            pos += 1
            return v
        return number()

    def term():
        nonlocal pos
        v = factor()
        while pos < n and s[pos] in '*/':
            op = s[pos]
            pos += 1
            w = factor()
            if op == '*':
                v = v * w
            else:
                v = v // w
        return v

    def expression():
        nonlocal pos
        v = term()
        while pos < n and s[pos] in '+-':
            op = s[pos]
            pos += 1
            w = term()
            if op == '+':
                v += w
            else:
                v -= w
        return v

    print(expression())


main()

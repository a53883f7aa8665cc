import sys


def lex(s):
    res = []
    i = 0
    while i < len(s):
        if s[i].isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            res.append(("n", int(s[i:j])))
            i = j
        else:
            res.append(("o", s[i]))
            i += 1
    res.append(("o", "$"))
    return res


BIND = {"+": 10, "-": 10, "*": 20, "/": 20, ")": 0, "$": 0}


class Pratt:
    def __init__(self, toks):
        self.toks = toks
        self.i = 0

    def nxt(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def cur(self):
        return self.toks[self.i]

    def nud(self, t):
        kind, val = t
        if kind == "n":
            return val
        if val == "-":
            return -self.parse(30)
        if val == "(":
            v = self.parse(0)
            self.nxt()
            return v
        return 0

    def led(self, op, left):
        right = self.parse(BIND[op])
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        q = abs(left) // abs(right)
        return -q if (left < 0) ^ (right < 0) else q

    def parse(self, rbp):
        left = self.nud(self.nxt())
        while BIND[self.cur()[1]] > rbp:
            op = self.nxt()[1]
            left = self.led(op, left)
        return left


def main():
    sys.setrecursionlimit(5000)
    s = sys.stdin.readline().strip()
    print(Pratt(lex(s)).parse(0))


main()

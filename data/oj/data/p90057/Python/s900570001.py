import sys


class Token:
    NUM = 0
    OP = 1
    LPAREN = 2
    RPAREN = 3

    def __init__(self, kind, value):
        self.kind = kind
        self.value = value

    def __repr__(self):
        return "Token(%d, %r)" % (self.kind, self.value)


def tokenize(s):
    tokens = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c.isdigit():
            j = i
            while j < n and s[j].isdigit():
                j += 1
            tokens.append(Token(Token.NUM, int(s[i:j])))
            i = j
        elif c in "+-*/":
            tokens.append(Token(Token.OP, c))
            i += 1
        elif c == "(":
            tokens.append(Token(Token.LPAREN, c))
            i += 1
        elif c == ")":
            tokens.append(Token(Token.RPAREN, c))
            i += 1
        else:
            i += 1
    return tokens


def divide(a, b):
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return q


class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        if self.pos < len(self.tokens):
            return self.tokens[self.pos]
        return None

    def advance(self):
        tok = self.tokens[self.pos]
        self.pos += 1
        return tok

    def parse_expr(self):
        value = self.parse_term()
        while True:
            tok = self.peek()
            if tok is not None and tok.kind == Token.OP and tok.value in "+-":
                self.advance()
                rhs = self.parse_term()
                if tok.value == "+":
                    value = value + rhs
                else:
                    value = value - rhs
            else:
                break
        return value

    def parse_term(self):
        value = self.parse_factor()
        while True:
            tok = self.peek()
            if tok is not None and tok.kind == Token.OP and tok.value in "*/":
                self.advance()
                rhs = self.parse_factor()
                if tok.value == "*":
                    value = value * rhs
                else:
                    value = divide(value, rhs)
            else:
                break
        return value

    def parse_factor(self):
        tok = self.advance()
        if tok.kind == Token.OP and tok.value == "-":
            return -self.parse_factor()
        if tok.kind == Token.NUM:
            return tok.value
        if tok.kind == Token.LPAREN:
            value = self.parse_expr()
            self.advance()
            return value
        raise ValueError("unexpected token %r" % (tok,))


def main():
    s = sys.stdin.readline().strip()
    tokens = tokenize(s)
    parser = Parser(tokens)
    result = parser.parse_expr()
    print(result)


if __name__ == "__main__":
    main()

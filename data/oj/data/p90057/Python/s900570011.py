import sys


def tokenize(line):
    tokens = []
    i = 0
    while i < len(line):
        ch = line[i]
        if ch.isdigit():
            j = i
            while j < len(line) and line[j].isdigit():
                j += 1
            tokens.append(int(line[i:j]))
            i = j
            continue
        if ch == '-':
            if not tokens or tokens[-1] in ('+', '-', '*', '/', '(', '~'):
                tokens.append('~')
            else:
                tokens.append('-')
        elif ch in '+*/()':
            tokens.append(ch)
        i += 1
    return tokens


PRIORITY = {'+': 1, '-': 1, '*': 2, '/': 2, '~': 3}


def calc(op, values):
    if op == '~':
        values.append(-values.pop())
        return
    b = values.pop()
    a = values.pop()
    if op == '+':
        values.append(a + b)
    elif op == '-':
        values.append(a - b)
    elif op == '*':
        values.append(a * b)
    elif op == '/':
        values.append(int(a / b))


def evaluate(tokens):
    values = []
    ops = []
    for tok in tokens:
        if isinstance(tok, int):
            values.append(tok)
        elif tok == '(':
            ops.append(tok)
        elif tok == ')':
            while ops[-1] != '(':
                calc(ops.pop(), values)
            ops.pop()
        elif tok == '~':
            ops.append(tok)
        else:
            while ops and ops[-1] != '(' and PRIORITY[ops[-1]] >= PRIORITY[tok]:
                calc(ops.pop(), values)
            ops.append(tok)
    while ops:
        calc(ops.pop(), values)
    return values[-1]


def main():
    line = sys.stdin.readline().strip()
    tokens = tokenize(line)
    print(evaluate(tokens))


main()

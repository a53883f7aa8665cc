import sys

input = sys.stdin.readline


def tdiv(a, b):
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return q


def main():
    n = int(input())
    prog = [input().split() for _ in range(n)]
    stack = []
    out = []
    pc = 0
    steps = 0
    status = None
    binary = ('add', 'sub', 'mul', 'div', 'mod')
    while pc < n:
        if steps == 10000:
            status = 'LIMIT'
            break
        steps += 1
        ins = prog[pc]
        pc += 1
        op = ins[0]
        req = 2 if op in binary or op in ('swap', 'over') else (1 if op in ('pop', 'dup', 'print', 'jz') else 0)
        if len(stack) < req:
            status = 'ERROR %d' % pc
            break
        if op == 'push':
            stack.append(int(ins[1]))
        elif op == 'pop':
            stack.pop()
        elif op == 'dup':
            stack.append(stack[-1])
        elif op == 'swap':
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif op == 'over':
            stack.append(stack[-2])
        elif op == 'print':
            out.append(str(stack[-1]))
        elif op == 'jz':
            if stack.pop() == 0:
                pc = int(ins[1]) - 1
        elif op == 'jmp':
            pc = int(ins[1]) - 1
        else:
            b = stack.pop()
            a = stack.pop()
            if op == 'add':
                stack.append(a + b)
            elif op == 'sub':
                stack.append(a - b)
            elif op == 'mul':
                stack.append(a * b)
            else:
                if b == 0:
                    status = 'ERROR %d' % (pc + 1)
                    break
                q = tdiv(a, b)
                if op == 'div':
                    stack.append(q)
                else:
                    stack.append(a - b * q)
    if status is None:
        status = ' '.join(map(str, stack)) if stack else 'EMPTY'
    out.append(status)
    print('\n'.join(out))


main()

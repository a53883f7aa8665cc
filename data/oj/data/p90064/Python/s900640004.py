import sys


def trunc_div(a, b):
    q = abs(a) // abs(b)
    if (a < 0) ^ (b < 0):
        return -q
    return q


def execute(program):
    stack = []
    printed = []
    pc = 0
    executed = 0
    while pc < len(program):
        if executed == 10000:
            return printed, 'LIMIT'
        executed += 1
        words = program[pc]
        cmd = words[0]
        target = pc + 1
        try:
            if cmd == 'push':
                stack.append(int(words[1]))
            elif cmd == 'pop':
                stack.pop()
            elif cmd == 'dup':
                stack.append(stack[-1])
            elif cmd == 'swap':
                x = stack.pop()
                y = stack.pop()
                stack.append(x)
                stack.append(y)
            elif cmd == 'over':
                stack.append(stack[-2])
            elif cmd == 'print':
                printed.append(stack[-1])
            elif cmd == 'jz':
                if stack.pop() == 0:
                    target = int(words[1]) - 1
            elif cmd == 'jmp':
                target = int(words[1]) - 1
            else:
                b = stack.pop()
                a = stack.pop()
                if cmd == 'add':
                    stack.append(a + b)
                elif cmd == 'sub':
                    stack.append(a - b)
                elif cmd == 'mul':
                    stack.append(a * b)
                elif cmd == 'div':
                    stack.append(trunc_div(a, b))
                elif cmd == 'mod':
                    stack.append(a - b * trunc_div(a, b))
        except (IndexError, ZeroDivisionError):
            return printed, 'ERROR %d' % (pc + 1)
        pc = target
    if stack:
        return printed, ' '.join(str(v) for v in stack)
    return printed, 'EMPTY'


def main():
    n = int(sys.stdin.readline())
    program = [sys.stdin.readline().split() for _ in range(n)]
    printed, last = execute(program)
    for v in printed:
        print(v)
    print(last)


main()

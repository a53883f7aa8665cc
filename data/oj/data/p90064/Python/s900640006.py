import sys


class Halt(Exception):
    pass


def compile_program(lines):
    ops = []

    def need(st, k):
        if len(st) < k:
            raise Halt()

    def quot(a, b):
        if b == 0:
            raise Halt()
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q

    for idx, line in enumerate(lines):
        parts = line.split()
        name = parts[0]
        arg = int(parts[1]) if len(parts) > 1 else 0
        here = idx

        if name == 'push':
            def f(st, out, x=arg, h=here):
                st.append(x)
                return h + 1
        elif name == 'pop':
            def f(st, out, h=here):
                need(st, 1)
                st.pop()
                return h + 1
        elif name == 'dup':
            def f(st, out, h=here):
                need(st, 1)
                st.append(st[-1])
                return h + 1
        elif name == 'swap':
            def f(st, out, h=here):
                need(st, 2)
                st[-1], st[-2] = st[-2], st[-1]
                return h + 1
        elif name == 'over':
            def f(st, out, h=here):
                need(st, 2)
                st.append(st[-2])
                return h + 1
        elif name == 'print':
            def f(st, out, h=here):
                need(st, 1)
                out.append(st[-1])
                return h + 1
        elif name == 'jz':
            def f(st, out, t=arg, h=here):
                need(st, 1)
                return t - 1 if st.pop() == 0 else h + 1
        elif name == 'jmp':
            def f(st, out, t=arg):
                return t - 1
        else:
            if name == 'add':
                g = lambda a, b: a + b
            elif name == 'sub':
                g = lambda a, b: a - b
            elif name == 'mul':
                g = lambda a, b: a * b
            elif name == 'div':
                g = quot
            else:
                g = lambda a, b: a - b * quot(a, b)

            def f(st, out, g=g, h=here):
                need(st, 2)
                b = st.pop()
                a = st.pop()
                st.append(g(a, b))
                return h + 1
        ops.append(f)
    return ops


def main():
    data = sys.stdin.read().split('\n')
    n = int(data[0])
    ops = compile_program(data[1:1 + n])
    st = []
    out = []
    ip = 0
    count = 0
    tail = None
    while ip < n:
        if count == 10000:
            tail = 'LIMIT'
            break
        count += 1
        try:
            ip = ops[ip](st, out)
        except Halt:
            tail = 'ERROR %d' % (ip + 1)
            break
    if tail is None:
        tail = ' '.join(map(str, st)) if st else 'EMPTY'
    out.append(tail)
    sys.stdout.write('\n'.join(map(str, out)) + '\n')


main()

import sys


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


BIN = {
    'add': lambda a, b: a + b,
    'sub': lambda a, b: a - b,
    'mul': lambda a, b: a * b,
    'div': lambda a, b: tdiv(a, b),
    'mod': lambda a, b: a - b * tdiv(a, b),
}
NEED = {'pop': 1, 'dup': 1, 'swap': 2, 'over': 2, 'print': 1, 'jz': 1}

lines = sys.stdin.read().splitlines()
n = int(lines[0])
code = [lines[i + 1].split() for i in range(n)]
st = []
out = []
ip = 0
steps = 0
end = None
while ip < n:
    if steps == 10000:
        end = 'LIMIT'
        break
    steps += 1
    op = code[ip]
    c = op[0]
    if len(st) < (2 if c in BIN else NEED.get(c, 0)):
        end = 'ERROR %d' % (ip + 1)
        break
    ip += 1
    if c in BIN:
        b = st.pop()
        a = st.pop()
        if b == 0 and c in ('div', 'mod'):
            end = 'ERROR %d' % ip
            break
        st.append(BIN[c](a, b))
    elif c == 'push':
        st.append(int(op[1]))
    elif c == 'pop':
        st.pop()
    elif c == 'dup':
        st.append(st[-1])
    elif c == 'swap':
        st[-2:] = st[-1], st[-2]
    elif c == 'over':
        st.append(st[-2])
    elif c == 'print':
        out.append(st[-1])
    elif c == 'jz':
        if st.pop() == 0:
            ip = int(op[1]) - 1
    elif c == 'jmp':
        ip = int(op[1]) - 1
if end is None:
    end = ' '.join(map(str, st)) if st else 'EMPTY'
out.append(end)
print(*out, sep='\n')

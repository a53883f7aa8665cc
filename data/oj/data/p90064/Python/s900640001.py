import sys

STEP_LIMIT = 10000


class MachineError(Exception):
    pass


class StackMachine:
    ARITY = {
        'push': 0, 'pop': 1, 'dup': 1, 'swap': 2, 'over': 2,
        'add': 2, 'sub': 2, 'mul': 2, 'div': 2, 'mod': 2,
        'print': 1, 'jz': 1, 'jmp': 0,
    }

    def __init__(self, program):
        self.program = program
        self.stack = []
        self.ip = 0
        self.steps = 0
        self.output = []

    def need(self, count):
        if len(self.stack) < count:
            raise MachineError()

    @staticmethod
    def tdiv(a, b):
        q = abs(a) // abs(b)
        if (a < 0) != (b < 0):
            q = -q
        return q

    def step(self):
        name, arg = self.program[self.ip]
        self.need(self.ARITY[name])
        st = self.stack
        nxt = self.ip + 1
        if name == 'push':
            st.append(arg)
        elif name == 'pop':
            st.pop()
        elif name == 'dup':
            st.append(st[-1])
        elif name == 'swap':
            st[-1], st[-2] = st[-2], st[-1]
        elif name == 'over':
            st.append(st[-2])
        elif name == 'print':
            self.output.append(str(st[-1]))
        elif name == 'jz':
            if st.pop() == 0:
                nxt = arg - 1
        elif name == 'jmp':
            nxt = arg - 1
        else:
            b = st.pop()
            a = st.pop()
            if name == 'add':
                st.append(a + b)
            elif name == 'sub':
                st.append(a - b)
            elif name == 'mul':
                st.append(a * b)
            else:
                if b == 0:
                    raise MachineError()
                q = self.tdiv(a, b)
                if name == 'div':
                    st.append(q)
                else:
                    st.append(a - b * q)
        self.ip = nxt

    def disassemble(self):
        lines = []
        for idx, (name, arg) in enumerate(self.program):
            if arg is None:
                lines.append('%3d: %s' % (idx + 1, name))
            else:
                lines.append('%3d: %s %d' % (idx + 1, name, arg))
        return '\n'.join(lines)

    def histogram(self):
        counts = {}
        for name, _ in self.program:
            counts[name] = counts.get(name, 0) + 1
        return sorted(counts.items())

    def jump_targets(self):
        targets = set()
        for name, arg in self.program:
            if name in ('jz', 'jmp'):
                targets.add(arg)
        return sorted(targets)

    def snapshot(self):
        return (self.ip, self.steps, tuple(self.stack))

    def trace(self, limit=50):
        shown = 0
        n = len(self.program)
        while self.ip < n and shown < limit:
            name, arg = self.program[self.ip]
            sys.stderr.write('%d %s %s %r\n' % (self.ip + 1, name, arg, self.stack))
            try:
                self.step()
            except MachineError:
                sys.stderr.write('error\n')
                return
            shown += 1

    def run(self):
        n = len(self.program)
        while self.ip < n:
            if self.steps >= STEP_LIMIT:
                return 'LIMIT'
            self.steps += 1
            try:
                self.step()
            except MachineError:
                return 'ERROR %d' % (self.ip + 1)
        if not self.stack:
            return 'EMPTY'
        return ' '.join(map(str, self.stack))


def parse_program(lines):
    program = []
    for line in lines:
        parts = line.split()
        if len(parts) == 2:
            program.append((parts[0], int(parts[1])))
        else:
            program.append((parts[0], None))
    return program


def main():
    input = sys.stdin.readline
    n = int(input())
    lines = [input() for _ in range(n)]
    vm = StackMachine(parse_program(lines))
    result = vm.run()
    vm.output.append(result)
    print('\n'.join(vm.output))


if __name__ == '__main__':
    main()

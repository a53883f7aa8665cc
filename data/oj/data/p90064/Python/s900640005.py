n = int(input())
program = []
for i in range(n):
    line = input().split()
    program.append(line)

stack = []
outputs = []
position = 0
executed = 0
result = ""
finished = False

while position < n:
    if executed == 10000:
        result = "LIMIT"
        finished = True
        break
    executed = executed + 1
    instruction = program[position]
    name = instruction[0]
    error = False
    next_position = position + 1

    if name == "push":
        stack.append(int(instruction[1]))
    elif name == "pop":
        if len(stack) < 1:
            error = True
        else:
            stack.pop()
    elif name == "dup":
        if len(stack) < 1:
            error = True
        else:
            stack.append(stack[len(stack) - 1])
    elif name == "swap":
        if len(stack) < 2:
            error = True
        else:
            top = stack[len(stack) - 1]
            stack[len(stack) - 1] = stack[len(stack) - 2]
            stack[len(stack) - 2] = top
    elif name == "over":
        if len(stack) < 2:
            error = True
        else:
            stack.append(stack[len(stack) - 2])
    elif name == "print":
        if len(stack) < 1:
            error = True
        else:
            outputs.append(str(stack[len(stack) - 1]))
    elif name == "jz":
        if len(stack) < 1:
            error = True
        else:
            value = stack.pop()
            if value == 0:
                next_position = int(instruction[1]) - 1
    elif name == "jmp":
        next_position = int(instruction[1]) - 1
    else:
        if len(stack) < 2:
            error = True
        else:
            b = stack.pop()
            a = stack.pop()
            if name == "add":
                stack.append(a + b)
            elif name == "sub":
                stack.append(a - b)
            elif name == "mul":
                stack.append(a * b)
            elif name == "div" or name == "mod":
                if b == 0:
                    error = True
                else:
                    quotient = abs(a) // abs(b)
                    if (a < 0 and b > 0) or (a > 0 and b < 0):
                        quotient = -quotient
                    if name == "div":
                        stack.append(quotient)
                    else:
                        stack.append(a - b * quotient)

    if error:
        result = "ERROR " + str(position + 1)
        finished = True
        break
    position = next_position

if not finished:
    if len(stack) == 0:
        result = "EMPTY"
    else:
        result = " ".join([str(x) for x in stack])

for line in outputs:
    print(line)
print(result)

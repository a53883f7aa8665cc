s = input().strip()
n = len(s)
nums = []
ops = []
prec = {'+': 1, '-': 1, '*': 2, '/': 2}


def apply_top():
    op = ops.pop()
    y = nums.pop()
    x = nums.pop()
    if op == '+':
        nums.append(x + y)
    elif op == '-':
        nums.append(x - y)
    elif op == '*':
        nums.append(x * y)
    else:
        sign = 1
        if x < 0:
            sign = -sign
            x = -x
        if y < 0:
            sign = -sign
            y = -y
        nums.append(sign * (x // y))


i = 0
expect_operand = True
while i < n:
    ch = s[i]
    if ch.isdigit():
        v = 0
        while i < n and s[i].isdigit():
            v = v * 10 + int(s[i])
            i += 1
        nums.append(v)
        expect_operand = False
        continue
    if ch == '(':
        ops.append('(')
        expect_operand = True
    elif ch == ')':
        while ops[-1] != '(':
            apply_top()
        ops.pop()
        expect_operand = False
    else:
        if ch == '-' and expect_operand:
            nums.append(0)
        while ops and ops[-1] != '(' and prec[ops[-1]] >= prec[ch]:
            apply_top()
        ops.append(ch)
        expect_operand = True
    i += 1

while ops:
    apply_top()
print(nums[-1])

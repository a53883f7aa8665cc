def read_number(text, start):
    end = start
    while end < len(text) and text[end] >= '0' and text[end] <= '9':
        end = end + 1
    return int(text[start:end]), end


def evaluate_flat(text):
    numbers = []
    operators = []
    i = 0
    length = len(text)
    while i < length:
        sign = 1
        while i < length and text[i] == '-':
            sign = -sign
            i = i + 1
        value, i = read_number(text, i)
        numbers.append(sign * value)
        if i < length:
            operators.append(text[i])
            i = i + 1

    collapsed_numbers = []
    collapsed_operators = []
    current = numbers[0]
    for k in range(len(operators)):
        op = operators[k]
        nxt = numbers[k + 1]
        if op == '*':
            current = current * nxt
        elif op == '/':
            quotient = abs(current) // abs(nxt)
            if (current < 0 and nxt > 0) or (current > 0 and nxt < 0):
                quotient = -quotient
            current = quotient
        else:
            collapsed_numbers.append(current)
            collapsed_operators.append(op)
            current = nxt
    collapsed_numbers.append(current)

    total = collapsed_numbers[0]
    for k in range(len(collapsed_operators)):
        if collapsed_operators[k] == '+':
            total = total + collapsed_numbers[k + 1]
        else:
            total = total - collapsed_numbers[k + 1]
    return total


def solve(expression):
    while True:
        open_index = expression.rfind('(')
        if open_index == -1:
            break
        close_index = expression.find(')', open_index)
        inside = expression[open_index + 1:close_index]
        value = evaluate_flat(inside)
        expression = expression[:open_index] + str(value) + expression[close_index + 1:]
    return evaluate_flat(expression)


expression = input().strip()
answer = solve(expression)
print(answer)

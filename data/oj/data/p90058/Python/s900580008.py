# read input
line = input()
line = line.strip()

n = len(line)

longest = []
for i in range(n):
    longest.append(0)

stack = []
for i in range(n):
    ch = line[i]
    if ch == '(':
        stack.append(i)
    else:
        if len(stack) > 0:
            open_pos = stack.pop()
            length = i - open_pos + 1
            if open_pos - 1 >= 0:
                length = length + longest[open_pos - 1]
            longest[i] = length
        else:
            longest[i] = 0

best_length = 0
for i in range(n):
    if longest[i] > best_length:
        best_length = longest[i]

number_of_best = 0
for i in range(n):
    if longest[i] == best_length:
        number_of_best = number_of_best + 1

answer_length = 0
answer_count = 0
if best_length == 0:
    answer_length = 0
    answer_count = 1
else:
    answer_length = best_length
    answer_count = number_of_best

output = str(answer_length) + " " + str(answer_count)
print(output)

n = int(input())
line = input()

numbers = []
current = ""
for ch in line:
    if ch == " ":
        if current != "":
            numbers.append(int(current))
            current = ""
    else:
        current = current + ch
if current != "":
    numbers.append(int(current))

ends = []
for i in range(n):
    x = numbers[i]
    if len(ends) == 0:
        ends.append(x)
        continue
    if x >= ends[len(ends) - 1]:
        ends.append(x)
        continue
    low = 0
    high = len(ends) - 1
    while low < high:
        middle = (low + high) // 2
        if ends[middle] > x:
            high = middle
        else:
            low = middle + 1
    ends[low] = x


def print_ends(values):
    line = ""
    for v in values:
        line = line + str(v) + " "
    print(line)


def is_sorted(values):
    for k in range(1, len(values)):
        if values[k - 1] > values[k]:
            return False
    return True


longest = len(ends)
removed = n - longest
if removed < 0:
    removed = 0
if is_sorted(numbers):
    removed = 0
print(removed)

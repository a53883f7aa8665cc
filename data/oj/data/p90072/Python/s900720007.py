# read input
line = input().split()
number = int(line[0])
base = int(line[1])

letters = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
size = base * -1

result = ""
if number == 0:
    result = "0"

# repeated division
current = number
digit_list = []
while current != 0:
    remainder = current % size
    digit_list.append(remainder)
    current = current - remainder
    current = current // base

# build the string from the most significant digit
position = len(digit_list) - 1
while position >= 0:
    result = result + letters[digit_list[position]]
    position = position - 1

print(result)

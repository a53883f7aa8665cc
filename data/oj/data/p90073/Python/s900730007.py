import math

# read input
first_line = input().split()
N = int(first_line[0])
Q = int(first_line[1])
numbers = input().split()
A = []
for s in numbers:
    A.append(int(s))

block_size = int(math.sqrt(N))
if block_size < 1:
    block_size = 1
block_count = N // block_size
if N % block_size != 0:
    block_count = block_count + 1

block_min = []
block_num = []
for b in range(block_count):
    start = b * block_size
    end = start + block_size
    if end > N:
        end = N
    smallest = A[start]
    number = 0
    for i in range(start, end):
        if A[i] < smallest:
            smallest = A[i]
            number = 1
        elif A[i] == smallest:
            number = number + 1
    block_min.append(smallest)
    block_num.append(number)


def recalc(b):
    start = b * block_size
    end = start + block_size
    if end > N:
        end = N
    smallest = A[start]
    number = 0
    for i in range(start, end):
        if A[i] < smallest:
            smallest = A[i]
            number = 1
        elif A[i] == smallest:
            number = number + 1
    block_min[b] = smallest
    block_num[b] = number


answers = []
for query_index in range(Q):
    query = input().split()
    kind = int(query[0])
    if kind == 1:
        position = int(query[1]) - 1
        value = int(query[2])
        A[position] = value
        recalc(position // block_size)
    else:
        left = int(query[1]) - 1
        right = int(query[2]) - 1
        smallest = A[left]
        number = 0
        i = left
        while i <= right:
            if i % block_size == 0 and i + block_size - 1 <= right:
                b = i // block_size
                if block_min[b] < smallest:
                    smallest = block_min[b]
                    number = block_num[b]
                elif block_min[b] == smallest:
                    number = number + block_num[b]
                i = i + block_size
            else:
                if A[i] < smallest:
                    smallest = A[i]
                    number = 1
                elif A[i] == smallest:
                    number = number + 1
                i = i + 1
        answers.append(str(smallest) + " " + str(number))

for line in answers:
    print(line)

# read input
number_of_queries = int(input())
list_of_queries = []
biggest_right = 0
for query_index in range(number_of_queries):
    line = input().split()
    left = int(line[0])
    right = int(line[1])
    list_of_queries.append([left, right])
    if right > biggest_right:
        biggest_right = right

# sum of divisors for every number
divisor_sum = []
for number in range(biggest_right + 1):
    divisor_sum.append(0)

divisor = 1
while divisor <= biggest_right:
    multiple = divisor
    while multiple <= biggest_right:
        divisor_sum[multiple] = divisor_sum[multiple] + divisor
        multiple = multiple + divisor
    divisor = divisor + 1

# prefix sums
prefix = []
for number in range(biggest_right + 1):
    prefix.append(0)
number = 1
while number <= biggest_right:
    prefix[number] = prefix[number - 1] + divisor_sum[number]
    number = number + 1

# answer
for query in list_of_queries:
    left = query[0]
    right = query[1]
    answer = prefix[right] - prefix[left - 1]
    print(answer)

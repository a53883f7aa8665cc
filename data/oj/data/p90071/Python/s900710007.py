def greatest_common_divisor(a, b):
    while b > 0:
        temp = a % b
        a = b
        b = temp
    return a


n = int(input())
numbers = input().split()
values = []
for k in range(n):
    values.append(int(numbers[k]))

count = 0
first = 0
while first < n:
    second = first + 1
    while second < n:
        g = greatest_common_divisor(values[first], values[second])
        if g == 1:
            count = count + 1
        second = second + 1
    first = first + 1

print(count)

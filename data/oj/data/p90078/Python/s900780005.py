# read input
first = input().split()
N = int(first[0])
S = int(first[1])
A = []
for token in input().split():
    A.append(int(token))

# prefix sums
prefix = [0]
for value in A:
    prefix.append(prefix[-1] + value)


def last_end(left):
    low = left
    high = N
    while low < high:
        middle = (low + high + 1) // 2
        if prefix[middle] - prefix[left] <= S:
            low = middle
        else:
            high = middle - 1
    return low


answer = 0
for left in range(N):
    right = last_end(left)
    count = right - left
    answer = answer + count

print(answer)

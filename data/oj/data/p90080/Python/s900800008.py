from bisect import bisect_right

# read input
first = input().split()
N = int(first[0])
M = int(first[1])
K = int(first[2])
A = []
for t in input().split():
    A.append(int(t))
B = []
for t in input().split():
    B.append(int(t))
B.sort()


def how_many_at_most(limit):
    total = 0
    for value in A:
        total = total + bisect_right(B, limit - value)
    return total


if K == 1:
    print(min(A) + B[0])
    exit()

if K == N * M:
    print(max(A) + B[-1])
    exit()

def check_by_brute(value):
    sums = []
    for x in A:
        for y in B:
            sums.append(x + y)
    sums.sort()
    return sums[K - 1] == value


smallest_sum = min(A) + B[0]
largest_sum = max(A) + B[-1]

left = smallest_sum - 1
right = largest_sum
while right - left > 1:
    middle = (left + right) // 2
    if how_many_at_most(middle) >= K:
        right = middle
    else:
        left = middle

answer = right
print(answer)

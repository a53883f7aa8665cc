# read input
N = int(input())
A = list(map(int, input().split()))

answer = 0
width = 1
current = []
for value in A:
    current.append(value)

while width < N:
    merged = []
    start = 0
    while start < N:
        middle = start + width
        end = start + 2 * width
        if middle > N:
            middle = N
        if end > N:
            end = N

        left = []
        for position in range(start, middle):
            left.append(current[position])
        right = []
        for position in range(middle, end):
            right.append(current[position])

        left_length = len(left)
        right_length = len(right)

        pointer = 0
        for value in left:
            while pointer < right_length and value > 2 * right[pointer]:
                pointer = pointer + 1
            answer = answer + pointer

        i = 0
        j = 0
        while i < left_length and j < right_length:
            if left[i] <= right[j]:
                merged.append(left[i])
                i = i + 1
            else:
                merged.append(right[j])
                j = j + 1
        while i < left_length:
            merged.append(left[i])
            i = i + 1
        while j < right_length:
            merged.append(right[j])
            j = j + 1
        start = end

    current = merged
    width = width * 2

print(answer)

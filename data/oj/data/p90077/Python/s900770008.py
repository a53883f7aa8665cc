import heapq

# read input
first = input().split()
N = int(first[0])
K = int(first[1])
A = []
for token in input().split():
    A.append(int(token))

if K == 1:
    zeros = []
    for i in range(N):
        zeros.append("0")
    print(" ".join(zeros))
    exit()

max_heap = []
min_heap = []
answers = []

for i in range(N):
    heapq.heappush(max_heap, (-A[i], i))
    heapq.heappush(min_heap, (A[i], i))

    if i >= K - 1:
        window_start = i - K + 1

        while True:
            top_value, top_index = max_heap[0]
            if top_index < window_start:
                heapq.heappop(max_heap)
            else:
                break

        while True:
            top_value, top_index = min_heap[0]
            if top_index < window_start:
                heapq.heappop(min_heap)
            else:
                break

        biggest = -max_heap[0][0]
        smallest = min_heap[0][0]
        answers.append(biggest - smallest)

output = ""
for index in range(len(answers)):
    if index > 0:
        output = output + " "
    output = output + str(answers[index])
print(output)

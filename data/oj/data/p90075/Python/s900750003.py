# read input
first = input().split()
N = int(first[0])
C = int(first[1])

start_times = []
free_times = []
for i in range(N):
    line = input().split()
    S = int(line[0])
    E = int(line[1])
    start_times.append(S)
    free_times.append(E + C)

start_times.sort()
free_times.sort()

i = 0
j = 0
in_use = 0
max_in_use = 0
while i < N:
    if j < N and free_times[j] <= start_times[i]:
        in_use = in_use - 1
        j = j + 1
    else:
        in_use = in_use + 1
        i = i + 1
        if in_use > max_in_use:
            max_in_use = in_use

answer = max_in_use
if answer < 1:
    answer = 1
print(answer)

line = input().split()
n = int(line[0])
k = int(line[1])

arrivals = []
services = []
for i in range(n):
    parts = input().split()
    arrivals.append(int(parts[0]))
    services.append(int(parts[1]))

order = []
for i in range(n):
    order.append([arrivals[i], i])
order.sort()

teller_free_time = []
for j in range(k):
    teller_free_time.append(0)

answer_teller = []
answer_start = []
for i in range(n):
    answer_teller.append(0)
    answer_start.append(0)

total_waiting = 0
for pair in order:
    i = pair[1]
    arrival = arrivals[i]

    smallest_free_time = teller_free_time[0]
    for j in range(1, k):
        if teller_free_time[j] < smallest_free_time:
            smallest_free_time = teller_free_time[j]

    if arrival >= smallest_free_time:
        start_time = arrival
    else:
        start_time = smallest_free_time

    chosen = 0
    for j in range(k):
        if teller_free_time[j] <= start_time:
            chosen = j
            break

    teller_free_time[chosen] = start_time + services[i]
    answer_teller[i] = chosen + 1
    answer_start[i] = start_time
    total_waiting = total_waiting + (start_time - arrival)

for i in range(n):
    print(answer_teller[i], answer_start[i])

average_waiting = total_waiting / n
print("%.6f" % average_waiting)

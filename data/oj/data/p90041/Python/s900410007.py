import heapq

# read input
first_line = input().split()
number_of_stations = int(first_line[0])
number_of_lines = int(first_line[1])

train_lines = {}
for station in range(1, number_of_stations + 1):
    train_lines[station] = []

for line_index in range(number_of_lines):
    parts = input().split()
    from_station = int(parts[0])
    to_station = int(parts[1])
    fare = int(parts[2])
    train_lines[from_station].append([to_station, fare])

# shortest fares
cheapest = {}
for station in range(1, number_of_stations + 1):
    cheapest[station] = -1
cheapest[1] = 0

finished = set()
waiting = []
heapq.heappush(waiting, [0, 1])

while len(waiting) > 0:
    current = heapq.heappop(waiting)
    current_fare = current[0]
    current_station = current[1]
    if current_station in finished:
        continue
    finished.add(current_station)
    for next_info in train_lines[current_station]:
        next_station = next_info[0]
        next_fare = current_fare + next_info[1]
        if next_station in finished:
            continue
        if cheapest[next_station] == -1:
            cheapest[next_station] = next_fare
            heapq.heappush(waiting, [next_fare, next_station])
        elif next_fare < cheapest[next_station]:
            cheapest[next_station] = next_fare
            heapq.heappush(waiting, [next_fare, next_station])

# output
for station in range(1, number_of_stations + 1):
    answer = cheapest[station]
    print(answer)

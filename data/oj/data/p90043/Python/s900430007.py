N, M = map(int, input().split())

roads = []
for i in range(N + 1):
    roads.append([])
incoming = [0] * (N + 1)

for i in range(M):
    a, b, w = map(int, input().split())
    roads[a].append([b, w])
    incoming[b] = incoming[b] + 1

queue = []
for v in range(1, N + 1):
    if incoming[v] == 0:
        queue.append(v)

head = 0
while head < len(queue):
    v = queue[head]
    head = head + 1
    for road in roads[v]:
        to = road[0]
        incoming[to] = incoming[to] - 1
        if incoming[to] == 0:
            queue.append(to)

best = [float('-inf')] * (N + 1)
best[1] = 0

for v in queue:
    if best[v] == float('-inf'):
        continue
    for road in roads[v]:
        to = road[0]
        w = road[1]
        if best[v] + w > best[to]:
            best[to] = best[v] + w

if best[N] == float('-inf'):
    print('IMPOSSIBLE')
else:
    print(int(best[N]))

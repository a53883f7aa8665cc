import math

n, m = map(int, input().split())
x = []
y = []
for i in range(n):
    a, b = map(int, input().split())
    x.append(a)
    y.append(b)

connected = []
for i in range(n):
    connected.append([False] * n)
for i in range(m):
    u, v = map(int, input().split())
    connected[u - 1][v - 1] = True
    connected[v - 1][u - 1] = True

INF = 10000
in_tree = [False] * n
min_cost = [INF] * n
min_cost[0] = 0
answer = 0

for step in range(n):
    best_town = -1
    best_cost = INF
    for town in range(n):
        if in_tree[town] == False:
            if min_cost[town] < best_cost:
                best_cost = min_cost[town]
                best_town = town
    in_tree[best_town] = True
    answer = answer + best_cost
    for town in range(n):
        if in_tree[town] == False:
            if connected[best_town][town]:
                cost = 0
            else:
                dx = x[best_town] - x[town]
                dy = y[best_town] - y[town]
                cost = math.sqrt(dx * dx + dy * dy)
            if cost < min_cost[town]:
                min_cost[town] = cost

print(answer * 1.0)

n = int(input())
values = list(map(int, input().split()))

neighbors = []
for i in range(n):
    neighbors.append([])
for i in range(n - 1):
    u, v = map(int, input().split())
    neighbors[u - 1].append(v - 1)
    neighbors[v - 1].append(u - 1)

visited = [False] * n
parent = [-1] * n
order = []
stack = [0]
visited[0] = True
while len(stack) > 0:
    node = stack.pop()
    order.append(node)
    for nxt in neighbors[node]:
        if visited[nxt] == False:
            visited[nxt] = True
            parent[nxt] = node
            stack.append(nxt)

best_down = [0] * n
answer = values[0]
for idx in range(n - 1, -1, -1):
    node = order[idx]
    first = 0
    second = 0
    for child in neighbors[node]:
        if child == parent[node]:
            continue
        value = best_down[child]
        if value < 0:
            value = 0
        if value >= first:
            second = first
            first = value
        elif value > second:
            second = value
    candidate = values[node] + first + second
    if candidate > answer:
        answer = candidate
    best_down[node] = values[node] + first

print(answer)

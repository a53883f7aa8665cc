n = int(input())
cost = []
for i in range(n):
    row = input().split()
    values = []
    for x in row:
        values.append(int(x))
    cost.append(values)

best = -1
best_path = []
visited = [False] * n
visited[0] = True
path = [0]


def search(city, count, spent):
    global best, best_path
    if best != -1 and spent >= best:
        return
    if count == n:
        back = cost[city][0]
        if back >= 0:
            total = spent + back
            if best == -1 or total < best:
                best = total
                best_path = path[:]
        return
    for nxt in range(n):
        if visited[nxt]:
            continue
        step = cost[city][nxt]
        if step < 0:
            continue
        visited[nxt] = True
        path.append(nxt)
        search(nxt, count + 1, spent + step)
        path.pop()
        visited[nxt] = False


def path_cost(p):
    total = 0
    for k in range(len(p)):
        a = p[k]
        b = p[(k + 1) % len(p)]
        total = total + cost[a][b]
    return total


if n == 1:
    print(0)
else:
    search(0, 1, 0)
    if best != -1 and path_cost(best_path) != best:
        best = path_cost(best_path)
    print(best)

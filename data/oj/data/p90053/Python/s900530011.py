import sys


def read_matrix():
    data = sys.stdin.read().split()
    n = int(data[0])
    cost = []
    pos = 1
    for i in range(n):
        cost.append([int(x) for x in data[pos:pos + n]])
        pos += n
    return n, cost


def cheapest_road(cost):
    roads = [w for w in cost[0][1:] if w > 0]
    if not roads:
        return 0
    return min(roads)


class Search:
    def __init__(self, n, cost):
        self.n = n
        self.cost = cost
        self.cheapest = cheapest_road(cost)
        self.best = None
        self.used = [False] * n
        self.used[0] = True

    def dfs(self, v, depth, spent):
        n = self.n
        remaining = n - depth + 1
        if self.best is not None and spent + remaining * self.cheapest >= self.best:
            return
        if depth == n:
            w = self.cost[v][0]
            if w > 0:
                total = spent + w
                if self.best is None or total < self.best:
                    self.best = total
            return
        for u in range(1, n):
            if self.used[u] or self.cost[v][u] < 0:
                continue
            self.used[u] = True
            self.dfs(u, depth + 1, spent + self.cost[v][u])
            self.used[u] = False

    def run(self):
        if self.n == 1:
            return 0
        self.dfs(0, 1, 0)
        return self.best if self.best is not None else -1


def main():
    n, cost = read_matrix()
    print(Search(n, cost).run())


main()

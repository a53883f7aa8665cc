import sys


class MinHeap:
    def __init__(self):
        self.data = []

    def __len__(self):
        return len(self.data)

    def push(self, item):
        data = self.data
        data.append(item)
        i = len(data) - 1
        while i > 0:
            parent = (i - 1) // 2
            if data[parent] <= data[i]:
                break
            data[parent], data[i] = data[i], data[parent]
            i = parent

    def pop(self):
        data = self.data
        top = data[0]
        last = data.pop()
        if data:
            data[0] = last
            i = 0
            size = len(data)
            while True:
                left = 2 * i + 1
                right = left + 1
                smallest = i
                if left < size and data[left] < data[smallest]:
                    smallest = left
                if right < size and data[right] < data[smallest]:
                    smallest = right
                if smallest == i:
                    break
                data[i], data[smallest] = data[smallest], data[i]
                i = smallest
        return top

    def peek(self):
        return self.data[0]


class RoadMap:
    def __init__(self, n):
        self.n = n
        self.adj = [[] for _ in range(n)]
        self.back = [-1] * n

    def add_road(self, a, b, w):
        if w < 0 or a == b:
            return
        self.adj[a].append((b, w))
        if b == 0:
            self.back[a] = w

    def roads_from(self, a):
        return self.adj[a]

    def return_cost(self, a):
        return self.back[a]


class Reader:
    def __init__(self):
        self.data = sys.stdin.read().split()
        self.idx = 0

    def int(self):
        v = int(self.data[self.idx])
        self.idx += 1
        return v


def encode(mask, city, n):
    return mask * n + city


def decode(key, n):
    return key // n, key % n


def shortest_tour(road_map):
    n = road_map.n
    if n == 1:
        return 0
    full = (1 << n) - 1
    total_states = (1 << n) * n
    INF = 1 << 62
    dist = [INF] * total_states
    start = encode(1, 0, n)
    dist[start] = 0
    heap = MinHeap()
    heap.push((0, start))
    best = INF
    while len(heap):
        d, key = heap.pop()
        if d > dist[key]:
            continue
        if d >= best:
            break
        mask, city = decode(key, n)
        if mask == full:
            w = road_map.return_cost(city)
            if w >= 0 and d + w < best:
                best = d + w
            continue
        for nxt, w in road_map.roads_from(city):
            if mask >> nxt & 1:
                continue
            nkey = encode(mask | (1 << nxt), nxt, n)
            nd = d + w
            if nd < dist[nkey]:
                dist[nkey] = nd
                heap.push((nd, nkey))
    if best == INF:
        return -1
    return best


def describe(road_map):
    lines = []
    for a in range(road_map.n):
        parts = ["%d->%d(%d)" % (a, b, w) for b, w in road_map.roads_from(a)]
        lines.append(" ".join(parts))
    return "\n".join(lines)


def main():
    reader = Reader()
    n = reader.int()
    road_map = RoadMap(n)
    for a in range(n):
        for b in range(n):
            w = reader.int()
            road_map.add_road(a, b, w)
    print(shortest_tour(road_map))


if __name__ == "__main__":
    main()

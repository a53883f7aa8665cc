import sys


class Event:
    OPEN = 1
    CLOSE = -1

    def __init__(self, x, kind, low, high):
        self.x = x
        self.kind = kind
        self.low = low
        self.high = high

    def key(self):
        return (self.x, self.kind)


class CoverSegmentTree:
    """Keeps, over compressed y coordinates, how much length is covered at least once."""

    def __init__(self, coordinates):
        self.coordinates = coordinates
        self.segments = len(coordinates) - 1
        size = 1
        while size < max(1, self.segments):
            size *= 2
        self.size = size
        self.count = [0] * (2 * size)
        self.covered = [0] * (2 * size)
        self.lo = [0] * (2 * size)
        self.hi = [0] * (2 * size)
        self._init_bounds(1, 0, size)

    def _init_bounds(self, node, left, right):
        stack = [(node, left, right)]
        while stack:
            v, l, r = stack.pop()
            self.lo[v] = l
            self.hi[v] = r
            if r - l > 1:
                m = (l + r) // 2
                stack.append((2 * v, l, m))
                stack.append((2 * v + 1, m, r))

    def _length(self, left, right):
        left = min(left, self.segments)
        right = min(right, self.segments)
        return self.coordinates[right] - self.coordinates[left]

    def _recalc(self, node):
        if self.count[node] > 0:
            self.covered[node] = self._length(self.lo[node], self.hi[node])
        elif self.hi[node] - self.lo[node] == 1:
            self.covered[node] = 0
        else:
            self.covered[node] = self.covered[2 * node] + self.covered[2 * node + 1]

    def add(self, left, right, delta, node=1):
        l = self.lo[node]
        r = self.hi[node]
        if right <= l or r <= left:
            return
        if left <= l and r <= right:
            self.count[node] += delta
            self._recalc(node)
            return
        self.add(left, right, delta, 2 * node)
        self.add(left, right, delta, 2 * node + 1)
        self._recalc(node)

    def total(self):
        return self.covered[1]


class Compressor:
    def __init__(self, values):
        self.values = sorted(set(values))
        self.index = {v: i for i, v in enumerate(self.values)}

    def __call__(self, value):
        return self.index[value]

    def __len__(self):
        return len(self.values)


class RectangleUnion:
    def __init__(self, rectangles):
        self.rectangles = rectangles

    def build_events(self, compress_y):
        events = []
        for x1, y1, x2, y2 in self.rectangles:
            low = compress_y(y1)
            high = compress_y(y2)
            events.append(Event(x1, Event.OPEN, low, high))
            events.append(Event(x2, Event.CLOSE, low, high))
        events.sort(key=lambda e: e.key())
        return events

    def area(self):
        ys = []
        for _, y1, _, y2 in self.rectangles:
            ys.append(y1)
            ys.append(y2)
        compress_y = Compressor(ys)
        tree = CoverSegmentTree(compress_y.values)
        events = self.build_events(compress_y)
        result = 0
        previous_x = None
        for event in events:
            if previous_x is not None and event.x != previous_x:
                result += tree.total() * (event.x - previous_x)
            tree.add(event.low, event.high, event.kind)
            previous_x = event.x
        return result


def read_rectangles():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    rectangles = []
    for i in range(n):
        base = 1 + 4 * i
        x1 = int(data[base])
        y1 = int(data[base + 1])
        x2 = int(data[base + 2])
        y2 = int(data[base + 3])
        rectangles.append((x1, y1, x2, y2))
    return rectangles


def main():
    rectangles = read_rectangles()
    solver = RectangleUnion(rectangles)
    print(solver.area())


if __name__ == "__main__":
    main()

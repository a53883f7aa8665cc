import sys


class BinaryHeap:
    def __init__(self):
        self.keys = []
        self.values = []

    def __len__(self):
        return len(self.keys)

    def push(self, key, value):
        self.keys.append(key)
        self.values.append(value)
        self._up(len(self.keys) - 1)

    def pop(self):
        top_key = self.keys[0]
        top_value = self.values[0]
        last_key = self.keys.pop()
        last_value = self.values.pop()
        if self.keys:
            self.keys[0] = last_key
            self.values[0] = last_value
            self._down(0)
        return top_key, top_value

    def peek(self):
        return self.keys[0], self.values[0]

    def _swap(self, i, j):
        self.keys[i], self.keys[j] = self.keys[j], self.keys[i]
        self.values[i], self.values[j] = self.values[j], self.values[i]

    def _up(self, i):
        while i > 0:
            parent = (i - 1) // 2
            if self.keys[i] < self.keys[parent]:
                self._swap(i, parent)
                i = parent
            else:
                break

    def _down(self, i):
        n = len(self.keys)
        while True:
            smallest = i
            left = 2 * i + 1
            right = 2 * i + 2
            if left < n and self.keys[left] < self.keys[smallest]:
                smallest = left
            if right < n and self.keys[right] < self.keys[left]:
                smallest = right
            if smallest == i:
                break
            self._swap(i, smallest)
            i = smallest


class PairSumFinder:
    def __init__(self, first, second):
        self.first = sorted(first)
        self.second = sorted(second)
        self.n = len(self.first)
        self.m = len(self.second)

    def pair_sum(self, i, j):
        return self.first[i] + self.second[j]

    def kth_smallest(self, k):
        heap = BinaryHeap()
        for i in range(self.n):
            heap.push(self.pair_sum(i, 0), (i, 0))
        result = None
        taken = 0
        while taken < k:
            value, position = heap.pop()
            i, j = position
            result = value
            taken += 1
            if j + 1 < self.m:
                heap.push(self.pair_sum(i, j + 1), (i, j + 1))
        return result

    def kth_smallest_slow(self, k):
        sums = []
        for x in self.first:
            for y in self.second:
                sums.append(x + y)
        sums.sort()
        return sums[k - 1]


class Input:
    def __init__(self):
        self.tokens = sys.stdin.read().split()
        self.position = 0

    def next(self):
        value = int(self.tokens[self.position])
        self.position += 1
        return value

    def take(self, count):
        values = []
        for _ in range(count):
            values.append(self.next())
        return values


def log(*args):
    sys.stderr.write(" ".join(map(str, args)) + "\n")


def main():
    reader = Input()
    n = reader.next()
    m = reader.next()
    k = reader.next()
    first = reader.take(n)
    second = reader.take(m)
    finder = PairSumFinder(first, second)
    answer = finder.kth_smallest(k)
    print(answer)


if __name__ == "__main__":
    main()

import sys
from bisect import bisect_left, bisect_right


def read_all_ints():
    return list(map(int, sys.stdin.buffer.read().split()))


class CoordinateCompressor:
    def __init__(self, values):
        self.sorted_values = sorted(set(values))
        self.position = {}
        for index, value in enumerate(self.sorted_values):
            self.position[value] = index

    def size(self):
        return len(self.sorted_values)

    def index_of(self, value):
        return self.position[value]

    def first_index_greater_than(self, value):
        return bisect_right(self.sorted_values, value)

    def first_index_at_least(self, value):
        return bisect_left(self.sorted_values, value)

    def value_at(self, index):
        return self.sorted_values[index]


class SumSegmentTree:
    def __init__(self, n):
        self.n = n
        self.size = 1
        while self.size < n:
            self.size <<= 1
        self.tree = [0] * (2 * self.size)

    def add(self, index, delta):
        node = index + self.size
        self.tree[node] += delta
        node >>= 1
        while node:
            self.tree[node] = self.tree[2 * node] + self.tree[2 * node + 1]
            node >>= 1

    def range_sum(self, left, right):
        if left >= right:
            return 0
        total = 0
        left += self.size
        right += self.size
        while left < right:
            if left & 1:
                total += self.tree[left]
                left += 1
            if right & 1:
                right -= 1
                total += self.tree[right]
            left >>= 1
            right >>= 1
        return total

    def point_value(self, index):
        return self.tree[index + self.size]

    def total(self):
        return self.tree[1]

    def to_list(self):
        return [self.tree[self.size + i] for i in range(self.n)]


class SignificantInversionCounter:
    def __init__(self, values):
        self.values = values
        self.compressor = CoordinateCompressor(values)
        self.tree = SumSegmentTree(self.compressor.size())
        self.answer = 0

    def process(self, value):
        limit = 2 * value
        start = self.compressor.first_index_greater_than(limit)
        bigger = self.tree.range_sum(start, self.compressor.size())
        self.answer += bigger
        self.tree.add(self.compressor.index_of(value), 1)

    def run(self):
        for value in self.values:
            self.process(value)
        return self.answer


class FenwickTree:
    def __init__(self, n):
        self.n = n
        self.tree = [0] * (n + 1)

    def add(self, index, delta):
        index += 1
        while index <= self.n:
            self.tree[index] += delta
            index += index & (-index)

    def prefix_sum(self, index):
        result = 0
        while index > 0:
            result += self.tree[index]
            index -= index & (-index)
        return result

    def range_sum(self, left, right):
        return self.prefix_sum(right) - self.prefix_sum(left)


def generate_random_case(n, low, high, rng):
    return [rng.randint(low, high) for _ in range(n)]


def self_test(trials):
    import random
    rng = random.Random(12345)
    for _ in range(trials):
        n = rng.randint(1, 30)
        values = generate_random_case(n, -20, 20, rng)
        expected = brute_force(values)
        got = SignificantInversionCounter(values).run()
        if expected != got:
            debug("mismatch", values, expected, got)
            return False
    return True


def brute_force(values):
    count = 0
    for j in range(len(values)):
        for i in range(j):
            if values[i] > 2 * values[j]:
                count += 1
    return count


def debug(*args):
    sys.stderr.write(" ".join(map(str, args)) + "\n")


def solve(numbers):
    n = numbers[0]
    values = numbers[1:1 + n]
    counter = SignificantInversionCounter(values)
    return counter.run()


def main():
    numbers = read_all_ints()
    result = solve(numbers)
    sys.stdout.write(str(result) + "\n")


if __name__ == "__main__":
    main()

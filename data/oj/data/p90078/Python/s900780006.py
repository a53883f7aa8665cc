import sys


class Scanner:
    def __init__(self, stream):
        self.tokens = stream.read().split()
        self.index = 0

    def next_int(self):
        token = self.tokens[self.index]
        self.index += 1
        return int(token)

    def next_int_list(self, length):
        values = []
        for _ in range(length):
            values.append(self.next_int())
        return values


class PrefixSums:
    def __init__(self, values):
        self.values = values
        self.sums = [0] * (len(values) + 1)
        for i, value in enumerate(values):
            self.sums[i + 1] = self.sums[i] + value

    def range_sum(self, left, right):
        return self.sums[right] - self.sums[left]

    def __len__(self):
        return len(self.sums)

    def __getitem__(self, index):
        return self.sums[index]


def upper_bound(array, target, low, high):
    while low < high:
        middle = (low + high) // 2
        if array[middle] <= target:
            low = middle + 1
        else:
            high = middle
    return low


def lower_bound(array, target, low, high):
    while low < high:
        middle = (low + high) // 2
        if array[middle] < target:
            low = middle + 1
        else:
            high = middle
    return low


class BudgetCounter:
    def __init__(self, values, budget):
        self.values = values
        self.budget = budget
        self.prefix = PrefixSums(values)

    def count_from(self, left):
        limit = self.prefix[left] + self.budget
        end = upper_bound(self.prefix.sums, limit, left + 1, len(self.prefix))
        return end - left - 1

    def count_all(self):
        total = 0
        for left in range(len(self.values)):
            total += self.count_from(left)
        return total

    def count_naive(self):
        total = 0
        n = len(self.values)
        for left in range(n):
            for right in range(left + 1, n + 1):
                if self.prefix.range_sum(left, right) <= self.budget:
                    total += 1
        return total


def trace(*args):
    sys.stderr.write(" ".join(str(a) for a in args) + "\n")


def main():
    scanner = Scanner(sys.stdin)
    n = scanner.next_int()
    budget = scanner.next_int()
    values = scanner.next_int_list(n)
    counter = BudgetCounter(values, budget)
    sys.stdout.write(str(counter.count_all()) + "\n")


if __name__ == "__main__":
    main()

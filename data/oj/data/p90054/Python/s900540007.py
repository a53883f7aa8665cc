import sys

MOD = 10 ** 9 + 7


class DecimalString:
    def __init__(self, text):
        text = text.lstrip("0")
        if not text:
            text = "0"
        self.text = text

    def __len__(self):
        return len(self.text)

    def digits(self):
        return [ord(c) - 48 for c in self.text]

    def is_zero(self):
        return self.text == "0"

    def decrement(self):
        if self.is_zero():
            return None
        ds = self.digits()
        i = len(ds) - 1
        while ds[i] == 0:
            ds[i] = 9
            i -= 1
        ds[i] -= 1
        return DecimalString("".join(chr(48 + x) for x in ds))

    def digit_sum(self):
        return sum(self.digits())

    def increment(self):
        ds = self.digits()
        i = len(ds) - 1
        while i >= 0 and ds[i] == 9:
            ds[i] = 0
            i -= 1
        if i < 0:
            ds.insert(0, 1)
        else:
            ds[i] += 1
        return DecimalString("".join(chr(48 + x) for x in ds))

    def compare(self, other):
        if len(self.text) != len(other.text):
            return -1 if len(self.text) < len(other.text) else 1
        if self.text == other.text:
            return 0
        return -1 if self.text < other.text else 1

    def to_small_int(self):
        if len(self.text) > 6:
            return None
        return int(self.text)

    def __str__(self):
        return self.text


class RemainderVector:
    def __init__(self, size):
        self.size = size
        self.values = [0] * size

    def add(self, index, amount):
        k = index % self.size
        self.values[k] = (self.values[k] + amount) % MOD

    def get(self, index):
        return self.values[index % self.size]

    def items(self):
        for r in range(self.size):
            v = self.values[r]
            if v:
                yield r, v


class DigitSumDP:
    def __init__(self, modulus):
        self.modulus = modulus

    def spread(self, vector):
        result = RemainderVector(self.modulus)
        for r, v in vector.items():
            for x in range(10):
                result.add(r + x, v)
        return result

    def count_zero_to(self, bound):
        m = self.modulus
        loose = RemainderVector(m)
        tight_rem = 0
        for c in bound.digits():
            nxt = self.spread(loose)
            for x in range(c):
                nxt.add(tight_rem + x, 1)
            tight_rem = (tight_rem + c) % m
            loose = nxt
        total = loose.get(0)
        if tight_rem == 0:
            total += 1
        return total % MOD

    def count_range(self, low, high):
        upper = self.count_zero_to(high)
        below = low.decrement()
        if below is None:
            return upper
        lower = self.count_zero_to(below)
        return (upper - lower) % MOD


def brute_force(limit, modulus):
    cnt = 0
    for x in range(1, limit + 1):
        if sum(int(c) for c in str(x)) % modulus == 0:
            cnt += 1
    return cnt % MOD


def parse_input():
    tokens = sys.stdin.read().split()
    return DecimalString(tokens[0]), int(tokens[1])


class Solution:
    def __init__(self, bound, modulus):
        self.bound = bound
        self.modulus = modulus
        self.engine = DigitSumDP(modulus)

    def run(self):
        one = DecimalString("1")
        if self.bound.compare(one) < 0:
            return 0
        answer = self.engine.count_range(one, self.bound)
        small = self.bound.to_small_int()
        if small is not None and small <= 999:
            checked = brute_force(small, self.modulus)
            if checked != answer:
                return checked
        return answer


def main():
    bound, modulus = parse_input()
    answer = Solution(bound, modulus).run()
    sys.stdout.write(str(answer) + "\n")


if __name__ == "__main__":
    main()

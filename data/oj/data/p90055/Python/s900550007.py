import sys

WORD = 60
MASK = (1 << WORD) - 1


class WordBitset:
    def __init__(self, size):
        self.size = size
        self.count = size // WORD + 1
        self.words = [0] * self.count

    def set(self, pos):
        if 0 <= pos < self.size:
            self.words[pos // WORD] |= 1 << (pos % WORD)

    def test(self, pos):
        if pos < 0 or pos >= self.size:
            return False
        return (self.words[pos // WORD] >> (pos % WORD)) & 1 == 1

    def shifted(self, k):
        result = [0] * self.count
        word_shift = k // WORD
        bit_shift = k % WORD
        words = self.words
        for i in range(self.count - 1, -1, -1):
            src = i - word_shift
            if src < 0:
                break
            value = (words[src] << bit_shift) & MASK
            if bit_shift and src - 1 >= 0:
                value |= words[src - 1] >> (WORD - bit_shift)
            result[i] = value
        return result

    def or_shifted(self, k):
        moved = self.shifted(k)
        words = self.words
        for i in range(self.count):
            words[i] |= moved[i]
        self.trim()

    def trim(self):
        extra = self.count * WORD - self.size
        if extra > 0:
            keep = WORD - extra
            self.words[-1] &= (1 << keep) - 1

    def highest_at_most(self, limit):
        if limit >= self.size:
            limit = self.size - 1
        pos = limit
        while pos >= 0:
            w = pos // WORD
            offset = pos % WORD
            chunk = self.words[w] & ((1 << (offset + 1)) - 1)
            if chunk:
                return w * WORD + chunk.bit_length() - 1
            pos = w * WORD - 1
        return -1

    def popcount(self):
        total = 0
        for w in self.words:
            total += bin(w).count("1")
        return total

    def to_positions(self):
        out = []
        for w_index, w in enumerate(self.words):
            while w:
                low = w & (-w)
                out.append(w_index * WORD + low.bit_length() - 1)
                w ^= low
        return out


class Reader:
    def __init__(self, stream):
        self.tokens = stream.read().split()
        self.at = 0

    def int(self):
        value = int(self.tokens[self.at])
        self.at += 1
        return value

    def ints(self, k):
        return [self.int() for _ in range(k)]


def reachable_sums(values, total):
    bs = WordBitset(total + 1)
    bs.set(0)
    for v in values:
        bs.or_shifted(v)
    return bs


class LayeredSums:
    def __init__(self, values):
        self.values = values
        self.total = sum(values)
        self.layers = []

    def build(self):
        bs = WordBitset(self.total + 1)
        bs.set(0)
        self.layers.append(list(bs.words))
        for v in self.values:
            bs.or_shifted(v)
            self.layers.append(list(bs.words))
        return bs

    def reachable_before(self, k, s):
        if s < 0:
            return False
        words = self.layers[k]
        return (words[s // WORD] >> (s % WORD)) & 1 == 1

    def pick(self, target):
        chosen = []
        s = target
        for k in range(len(self.values), 0, -1):
            if self.reachable_before(k - 1, s):
                continue
            chosen.append(k - 1)
            s -= self.values[k - 1]
        if s != 0:
            return None
        return chosen


def split_difference(values):
    total = sum(values)
    layered = LayeredSums(values)
    bs = layered.build()
    best = bs.highest_at_most(total // 2)
    if best < 0:
        best = 0
    chosen = layered.pick(best)
    if chosen is not None:
        red = sum(values[k] for k in chosen)
        return abs(total - 2 * red)
    return total - 2 * best


def explain(values):
    total = sum(values)
    bs = reachable_sums(values, total)
    return "%d sums reachable out of %d" % (bs.popcount(), total + 1)


def main():
    reader = Reader(sys.stdin)
    n = reader.int()
    values = reader.ints(n)
    sys.stdout.write(str(split_difference(values)) + "\n")


if __name__ == "__main__":
    main()

import sys


class FastReader:
    def __init__(self, stream):
        self.tokens = stream.read().split()
        self.pos = 0

    def next_int(self):
        value = int(self.tokens[self.pos])
        self.pos += 1
        return value

    def has_next(self):
        return self.pos < len(self.tokens)


class Writer:
    def __init__(self):
        self.buffer = []

    def write_line(self, value):
        self.buffer.append(str(value))

    def flush(self):
        if self.buffer:
            sys.stdout.write("\n".join(self.buffer))
            sys.stdout.write("\n")
        self.buffer = []


def debug(*args):
    print(*args, file=sys.stderr)


def next_row(row, mod):
    new_row = [0] * (len(row) + 1)
    new_row[0] = 1 % mod
    new_row[-1] = 1 % mod
    for j in range(1, len(row)):
        new_row[j] = (row[j - 1] + row[j]) % mod
    return new_row


def solve_offline(queries, mod):
    order = list(range(len(queries)))
    order.sort(key=lambda idx: queries[idx][0])
    answers = [0] * len(queries)
    current_n = 0
    row = [1 % mod]
    for idx in order:
        n, k = queries[idx]
        while current_n < n:
            row = next_row(row, mod)
            current_n += 1
        if k > n:
            answers[idx] = 0
        else:
            answers[idx] = row[k]
    return answers


def check_small(mod):
    row = [1 % mod]
    rows = [row]
    for _ in range(6):
        row = next_row(row, mod)
        rows.append(row)
    for r in rows:
        debug(r)


def main():
    reader = FastReader(sys.stdin)
    q = reader.next_int()
    mod = reader.next_int()
    queries = []
    for _ in range(q):
        n = reader.next_int()
        k = reader.next_int()
        queries.append((n, k))
    answers = solve_offline(queries, mod)
    writer = Writer()
    for a in answers:
        writer.write_line(a)
    writer.flush()


if __name__ == "__main__":
    main()

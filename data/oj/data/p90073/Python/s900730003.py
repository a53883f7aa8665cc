import sys
from typing import List, Tuple


class FastReader:
    def __init__(self, stream):
        self.tokens = stream.read().split()
        self.index = 0

    def next_int(self) -> int:
        value = int(self.tokens[self.index])
        self.index += 1
        return value

    def next_ints(self, count: int) -> List[int]:
        result = []
        for _ in range(count):
            result.append(self.next_int())
        return result

    def has_more(self) -> bool:
        return self.index < len(self.tokens)


class FastWriter:
    def __init__(self):
        self.buffer = []

    def write_line(self, *values):
        self.buffer.append(" ".join(str(v) for v in values))

    def flush(self):
        if self.buffer:
            sys.stdout.write("\n".join(self.buffer))
            sys.stdout.write("\n")
        self.buffer = []


class MinCountSegmentTree:
    """Segment tree that keeps (minimum, number of occurrences) for every node."""

    IDENTITY = (float("inf"), 0)

    def __init__(self, values: List[int]):
        self.n = len(values)
        self.minimum = [0] * (4 * self.n)
        self.count = [0] * (4 * self.n)
        self.values = values
        self._build(1, 0, self.n - 1)

    @staticmethod
    def merge(left: Tuple[int, int], right: Tuple[int, int]) -> Tuple[int, int]:
        if left[0] < right[0]:
            return left
        if right[0] < left[0]:
            return right
        return (left[0], left[1] + right[1])

    def _pull(self, node: int) -> None:
        left = (self.minimum[2 * node], self.count[2 * node])
        right = (self.minimum[2 * node + 1], self.count[2 * node + 1])
        merged = self.merge(left, right)
        self.minimum[node] = merged[0]
        self.count[node] = merged[1]

    def _build(self, node: int, lo: int, hi: int) -> None:
        if lo == hi:
            self.minimum[node] = self.values[lo]
            self.count[node] = 1
            return
        mid = (lo + hi) // 2
        self._build(2 * node, lo, mid)
        self._build(2 * node + 1, mid + 1, hi)
        self._pull(node)

    def _update(self, node: int, lo: int, hi: int, position: int, value: int) -> None:
        if lo == hi:
            self.minimum[node] = value
            self.count[node] = 1
            return
        mid = (lo + hi) // 2
        if position <= mid:
            self._update(2 * node, lo, mid, position, value)
        else:
            self._update(2 * node + 1, mid + 1, hi, position, value)
        self._pull(node)

    def _query(self, node: int, lo: int, hi: int, left: int, right: int) -> Tuple[int, int]:
        if right < lo or hi < left:
            return self.IDENTITY
        if left <= lo and hi <= right:
            return (self.minimum[node], self.count[node])
        mid = (lo + hi) // 2
        from_left = self._query(2 * node, lo, mid, left, right)
        from_right = self._query(2 * node + 1, mid + 1, hi, left, right)
        return self.merge(from_left, from_right)

    def update(self, position: int, value: int) -> None:
        self.values[position] = value
        self._update(1, 0, self.n - 1, position, value)

    def query(self, left: int, right: int) -> Tuple[int, int]:
        return self._query(1, 0, self.n - 1, left, right)

    def dump(self) -> str:
        parts = []
        for i in range(self.n):
            parts.append(str(self.values[i]))
        return "[" + ", ".join(parts) + "]"


class Query:
    def __init__(self, kind: int, first: int, second: int):
        self.kind = kind
        self.first = first
        self.second = second

    def is_update(self) -> bool:
        return self.kind == 1

    def is_question(self) -> bool:
        return self.kind == 2


def read_queries(reader: FastReader, q: int) -> List[Query]:
    queries = []
    for _ in range(q):
        kind = reader.next_int()
        first = reader.next_int()
        second = reader.next_int()
        queries.append(Query(kind, first, second))
    return queries


def solve(values: List[int], queries: List[Query], writer: FastWriter) -> None:
    tree = MinCountSegmentTree(values)
    for query in queries:
        if query.is_update():
            position = query.first - 1
            tree.update(position, query.second)
        elif query.is_question():
            left = query.first - 1
            right = query.second - 1
            if left == right:
                writer.write_line(values[left], 1)
                continue
            smallest, how_many = tree.query(left, right)
            writer.write_line(smallest, how_many)


def debug_print(*args):
    print(*args, file=sys.stderr)


def main():
    reader = FastReader(sys.stdin)
    n = reader.next_int()
    q = reader.next_int()
    values = reader.next_ints(n)
    queries = read_queries(reader, q)
    writer = FastWriter()
    solve(values, queries, writer)
    writer.flush()


if __name__ == "__main__":
    main()

from itertools import accumulate, chain
import sys


def read_numbers():
    return list(map(int, sys.stdin.read().split()))


def split_input(values):
    n, c = values[0], values[1]
    body = values[2:2 + 2 * n]
    return n, c, body[0::2], body[1::2]


def events(c, starts, ends):
    opens = ((s, 1) for s in starts)
    closes = ((e + c, -1) for e in ends)
    return sorted(chain(opens, closes))


def peak(evs):
    return max(accumulate(d for _, d in evs))


n, c, starts, ends = split_input(read_numbers())
print(peak(events(c, starts, ends)))

import sys

TABLE = "0123456789ABCDEF"


def read_pair():
    parts = sys.stdin.readline().split()
    return int(parts[0]), int(parts[1])


def digit_char(d):
    return TABLE[d]


def next_step(n, b):
    m = abs(b)
    r = n % m
    q = int((n - r) / b)
    return q, r


def convert(n, b):
    if n == 0:
        return "0"
    out = []
    while n != 0:
        n, r = next_step(n, b)
        out.append(digit_char(r))
    return "".join(out[::-1])


def back(s, b):
    v = 0
    for ch in s:
        v = v * b + TABLE.index(ch)
    return v


def main():
    n, b = read_pair()
    print(convert(n, b))


main()

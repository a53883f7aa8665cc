import sys

DIGITS = "0123456789ABCDEF"


def to_negative_base(n, b):
    m = -b
    res = []
    while n != 0:
        r = n % m
        res.append(DIGITS[r])
        n = (n - r) // b
    return "".join(reversed(res))


def from_negative_base(s, b):
    value = 0
    for ch in s:
        value = value * b + DIGITS.index(ch)
    return value


def read_input():
    tokens = []
    for line in sys.stdin:
        tokens.extend(line.split())
        if len(tokens) >= 2:
            break
    return int(tokens[0]), int(tokens[1])


def main():
    n, b = read_input()
    ans = to_negative_base(n, b)
    sys.stdout.write(ans + "\n")


main()

import sys

sys.setrecursionlimit(10000)
SYMBOLS = "0123456789ABCDEF"


def convert(n, b):
    if n == 0:
        return ""
    m = abs(b)
    r = n % m
    return convert((n - r) // b, b) + SYMBOLS[r]


def evaluate(s, b):
    if not s:
        return 0
    return evaluate(s[:-1], b) * b + SYMBOLS.index(s[-1])


def parse():
    data = sys.stdin.read().split()
    return int(data[0]), int(data[1])


def main():
    n, b = parse()
    s = convert(n, b)
    if not s:
        s = "0"
    print(s)


if __name__ == "__main__":
    main()

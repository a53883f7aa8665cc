import sys

n, b = map(int, sys.stdin.readline().split())
m = -b


def gen(x):
    while x:
        r = x % m
        yield r
        x = (x - r) // b


digits = list(gen(n))[::-1] or [0]
print("".join("0123456789ABCDEF"[d] for d in digits))

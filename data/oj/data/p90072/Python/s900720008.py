import sys
from collections import deque

sys.setrecursionlimit(10 ** 6)

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read_line_ints():
    return list(map(int, sys.stdin.readline().split()))


def to_positive_base(n, base):
    if n == 0:
        return [0]
    sign = 1
    if n < 0:
        sign = -1
        n = -n
    res = []
    while n:
        res.append(sign * (n % base))
        n //= base
    return res


def from_digits_le(digits, base):
    total = 0
    for d in reversed(digits):
        total = total * base + d
    return total


def format_digits_le(digits):
    return "".join(ALPHABET[d] for d in reversed(digits))


def parse_number(s, base):
    total = 0
    for ch in s:
        total = total * base + ALPHABET.index(ch)
    return total


def strip_high_zeros(digits):
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return digits


class CarryConverter:
    """rewrite signed base-m digits as base -m digits"""

    def __init__(self, radix):
        self.radix = radix

    def convert(self, signed_digits):
        m = self.radix
        queue = deque(signed_digits)
        out = []
        carry = 0
        position = 0
        while queue or carry != 0:
            c = queue.popleft() if queue else 0
            a = c + carry
            if position % 2 == 0:
                e = a % m
                carry = (a - e) // m
            else:
                e = (-a) % m
                carry = (a + e) // m
            out.append(e)
            position += 1
        if not out:
            out = [0]
        return strip_high_zeros(out)


def negabase_value(digits_le, b):
    total = 0
    p = 1
    for d in digits_le:
        total += d * p
        p *= b
    return total


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def lcm(a, b):
    return a // gcd(a, b) * b


def is_palindrome(s):
    return s == s[::-1]


def digit_sum(n, base):
    s = 0
    n = abs(n)
    while n:
        s += n % base
        n //= base
    return s


def debug(*args):
    print(*args, file=sys.stderr)


def solve(n, b):
    m = -b
    signed = to_positive_base(n, m)
    converter = CarryConverter(m)
    digits = converter.convert(signed)
    return format_digits_le(digits)


def main():
    n, b = read_line_ints()
    print(solve(n, b))


if __name__ == "__main__":
    main()

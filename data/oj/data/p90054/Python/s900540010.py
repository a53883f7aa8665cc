import sys

MOD = 10 ** 9 + 7


def solve(number, d):
    digits = [int(c) for c in number]
    length = len(digits)
    if d > sum(digits):
        return 0
    full = [None] * (length + 1)
    base = [0] * d
    base[0] = 1
    full[length] = base
    for pos in range(length - 1, -1, -1):
        below = full[pos + 1]
        cur = [0] * d
        for r in range(d):
            if below[r]:
                for x in range(10):
                    k = (r + x) % d
                    cur[k] = (cur[k] + below[r]) % MOD
        full[pos] = cur

    def go(pos, rem):
        if pos == length:
            return 1 if rem == 0 else 0
        total = 0
        for x in range(digits[pos]):
            need = (d - (rem + x) % d) % d
            total += full[pos + 1][need]
        total += go(pos + 1, (rem + digits[pos]) % d)
        return total % MOD

    return (go(0, 0) - 1) % MOD


def main():
    number, d = sys.stdin.readline().split()
    print(solve(number, int(d)))


main()

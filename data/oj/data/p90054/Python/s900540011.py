import sys

MOD = 10 ** 9 + 7
SMALL = 10 ** 5


def digit_sum(x):
    s = 0
    while x > 0:
        s += x % 10
        x //= 10
    return s


def brute(n, d):
    cnt = 0
    for x in range(1, n):
        if digit_sum(x) % d == 0:
            cnt += 1
    return cnt % MOD


def digit_dp(s, d):
    loose = [0] * d
    tight = 0
    for ch in s:
        c = ord(ch) - 48
        nxt = [0] * d
        for r in range(d):
            v = loose[r]
            if v:
                for x in range(10):
                    nxt[(r + x) % d] += v
        for x in range(c):
            nxt[(tight + x) % d] += 1
        for r in range(d):
            nxt[r] %= MOD
        tight = (tight + c) % d
        loose = nxt
    return (loose[0] + (1 if tight == 0 else 0) - 1) % MOD


def main():
    s, d = sys.stdin.readline().split()
    d = int(d)
    n = int(s)
    if n <= SMALL:
        print(brute(n, d))
    else:
        print(digit_dp(s, d))


main()

import sys

MOD = 10 ** 9 + 7


def read_input():
    n_str, d_str = sys.stdin.readline().split()
    return n_str, int(d_str)


def spread(free, d):
    nxt = [0] * d
    for r in range(d):
        cnt = free[r]
        if cnt == 0:
            continue
        for x in range(10):
            k = (r + x) % d
            nxt[k] = (nxt[k] + cnt) % MOD
    return nxt


def count(n_str, d):
    free = [0] * d
    tight = 0
    for ch in n_str:
        c = int(ch)
        nxt = spread(free, d)
        for x in range(c):
            k = (tight + x) % d
            nxt[k] = (nxt[k] + 1) % MOD
        tight = (tight + c) % d
        free = nxt
    ans = free[0]
    if tight == 0:
        ans += 1
    ans -= 1
    return ans % MOD


def main():
    n_str, d = read_input()
    print(count(n_str, d))


if __name__ == "__main__":
    main()

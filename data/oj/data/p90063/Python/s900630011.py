import sys

MOD = 200003
B = 131


def main():
    s = sys.stdin.readline().strip()
    n = len(s)
    fw = [0] * (n + 1)
    bw = [0] * (n + 1)
    pw = [1] * (n + 1)
    for i in range(n):
        fw[i + 1] = (fw[i] * B + ord(s[i])) % MOD
        pw[i + 1] = pw[i] * B % MOD
    r = s[::-1]
    for i in range(n):
        bw[i + 1] = (bw[i] * B + ord(r[i])) % MOD

    def fget(l, rr):
        return (fw[rr] - fw[l] * pw[rr - l]) % MOD

    def bget(l, rr):
        return (bw[n - l] - bw[n - rr] * pw[rr - l]) % MOD

    total = 0
    kinds = set()
    for l in range(n):
        for rr in range(l + 1, n + 1):
            h = fget(l, rr)
            if h == bget(l, rr):
                total += 1
                kinds.add(h)
    print(total, len(kinds))


main()

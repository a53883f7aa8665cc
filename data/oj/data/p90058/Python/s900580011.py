import sys


def longest(s, op):
    o = c = 0
    res = 0
    for ch in s:
        if ch == op:
            o += 1
        else:
            c += 1
        if o == c:
            res = max(res, 2 * c)
        elif c > o:
            o = c = 0
    return res


def main():
    s = sys.stdin.readline().strip()
    best = max(longest(s, '('), longest(s[::-1], ')'))
    if best == 0:
        print(0, 1)
        return
    cnt = 0
    o = c = 0
    for ch in s:
        if ch == '(':
            o += 1
        else:
            c += 1
        if o == c:
            if 2 * c == best:
                cnt += 1
        elif c > o:
            o = c = 0
    if cnt == 0:
        cnt = 1
    print(best, cnt)


main()

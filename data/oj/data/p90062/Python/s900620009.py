import sys

input = sys.stdin.readline
DAYNAME = ["Sat", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"]


def leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def ylen(y):
    return 366 if leap(y) else 365


def mdays(y):
    return [31, 29 if leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def zeller(y, m, d):
    if m < 3:
        m += 12
        y -= 1
    k = y % 100
    j = y // 100
    return (d + 13 * (m + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7


def day_of_year(y, m, d):
    return sum(mdays(y)[:m - 1]) + d - 1


def from_day_of_year(y, n):
    m = 0
    md = mdays(y)
    while m < 11 and n >= md[m]:
        n -= md[m]
        m += 1
    return m + 1, n + 1


def add_days(y, m, d, delta):
    n = day_of_year(y, m, d) + delta
    while n < 0:
        y -= 1
        n += ylen(y)
    while n > ylen(y):
        n -= ylen(y)
        y += 1
    m, d = from_day_of_year(y, n)
    return y, m, d


def op_seconds(op):
    sign = 1
    if op[0] == '-':
        sign = -1
    tot = 0
    cur = ''
    for c in op[1:]:
        if c in 'dhms':
            tot += int(cur) * {'d': 86400, 'h': 3600, 'm': 60, 's': 1}[c]
            cur = ''
        else:
            cur += c
    return sign * tot


def main():
    a, b = input().split()
    y, m, d = map(int, a.split('-'))
    hh, mm, ss = map(int, b.split(':'))
    clock = hh * 3600 + mm * 60 + ss
    q = int(input())
    for _ in range(q):
        clock += op_seconds(input().strip())
        dd, clock = divmod(clock, 86400)
        if dd:
            y, m, d = add_days(y, m, d, dd)
        print("%04d-%02d-%02d %02d:%02d:%02d %s" % (
            y, m, d, clock // 3600, clock % 3600 // 60, clock % 60, DAYNAME[zeller(y, m, d)]))


main()

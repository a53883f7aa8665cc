# read the starting moment
first = input().split()
date_part = first[0].split('-')
time_part = first[1].split(':')
year = int(date_part[0])
month = int(date_part[1])
day = int(date_part[2])
hour = int(time_part[0])
minute = int(time_part[1])
second = int(time_part[2])

q = int(input())

days_in_month = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
week_names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def is_leap_year(y):
    if y % 400 == 0:
        return True
    if y % 100 == 0:
        return False
    if y % 4 == 0:
        return True
    return False


def days_before(y, m, d):
    # number of days from 0001-01-01 to the given date
    yy = y - 1
    total = yy * 365 + yy // 4 - yy // 100 + yy // 400
    for i in range(m - 1):
        total = total + days_in_month[i]
    if m >= 2 and is_leap_year(y):
        total = total + 1
    total = total + d - 1
    return total


def date_from_days(n):
    y = n // 366 + 1
    while days_before(y + 1, 1, 1) <= n:
        y = y + 1
    rest = n - days_before(y, 1, 1)
    m = 1
    while True:
        length = days_in_month[m - 1]
        if m == 2 and is_leap_year(y):
            length = length + 1
        if rest < length:
            break
        rest = rest - length
        m = m + 1
    return y, m, rest + 1


total_seconds = days_before(year, month, day) * 86400 + hour * 3600 + minute * 60 + second

for i in range(q):
    op = input().strip()
    sign = 1
    if op[0] == '-':
        sign = -1
    number = 0
    amount = 0
    for ch in op[1:]:
        if ch >= '0' and ch <= '9':
            number = number * 10 + int(ch)
        else:
            if ch == 'd':
                amount = amount + number * 86400
            elif ch == 'h':
                amount = amount + number * 3600
            elif ch == 'm':
                amount = amount + number * 60
            elif ch == 's':
                amount = amount + number
            number = 0
    total_seconds = total_seconds + sign * amount

    day_count = total_seconds // 86400
    rest = total_seconds % 86400
    y, m, d = date_from_days(day_count)
    hh = rest // 3600
    mm = (rest % 3600) // 60
    ss = rest % 60
    print("%04d-%02d-%02d %02d:%02d:%02d %s" % (y, m, d, hh, mm, ss, week_names[day_count % 7]))

import sys

DAY = 86400
NAMES = ("Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed")


def days_from_civil(y, m, d):
    y -= m <= 2
    era = (y if y >= 0 else y - 399) // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = (z if z >= 0 else z - 146096) // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return y + (m <= 2), m, d


def parse_op(op):
    sign = -1 if op[0] == '-' else 1
    mult = {'d': DAY, 'h': 3600, 'm': 60, 's': 1}
    total = 0
    num = 0
    for ch in op[1:]:
        if ch.isdigit():
            num = num * 10 + int(ch)
        else:
            total += num * mult[ch]
            num = 0
    return sign * total


def fmt(t):
    days, sec = divmod(t, DAY)
    y, m, d = civil_from_days(days)
    hh, rem = divmod(sec, 3600)
    mm, ss = divmod(rem, 60)
    return "%04d-%02d-%02d %02d:%02d:%02d %s" % (y, m, d, hh, mm, ss, NAMES[days % 7])


def main():
    data = sys.stdin.read().split()
    ymd = list(map(int, data[0].split('-')))
    hms = list(map(int, data[1].split(':')))
    t = days_from_civil(*ymd) * DAY + hms[0] * 3600 + hms[1] * 60 + hms[2]
    q = int(data[2])
    res = []
    for i in range(q):
        t += parse_op(data[3 + i])
        res.append(fmt(t))
    print("\n".join(res))


main()

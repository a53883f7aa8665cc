import sys
import bisect

FIRST_YEAR = 1000
LAST_YEAR = 10000
SECONDS_PER_DAY = 24 * 60 * 60
WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
SAKAMOTO = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]


def is_leap(year):
    if year % 100 == 0:
        return False
    return year % 4 == 0


def month_lengths(year):
    feb = 29 if is_leap(year) else 28
    return [31, feb, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


class Calendar:
    def __init__(self):
        self.year_start = [0]
        for y in range(FIRST_YEAR, LAST_YEAR):
            length = 366 if is_leap(y) else 365
            self.year_start.append(self.year_start[-1] + length)

    def to_day_number(self, year, month, day):
        total = self.year_start[year - FIRST_YEAR]
        lengths = month_lengths(year)
        for m in range(month - 1):
            total += lengths[m]
        return total + day - 1

    def from_day_number(self, number):
        idx = bisect.bisect_right(self.year_start, number) - 1
        year = FIRST_YEAR + idx
        rest = number - self.year_start[idx]
        lengths = month_lengths(year)
        month = 1
        while rest >= lengths[month - 1]:
            rest -= lengths[month - 1]
            month += 1
        return year, month, rest + 1


def weekday(year, month, day):
    if month < 3:
        year -= 1
    return (year + year // 4 - year // 100 + year // 400 + SAKAMOTO[month - 1] + day) % 7


class Timestamp:
    def __init__(self, calendar, seconds):
        self.calendar = calendar
        self.seconds = seconds

    @classmethod
    def parse(cls, calendar, date_text, time_text):
        year, month, day = [int(x) for x in date_text.split('-')]
        hour, minute, second = [int(x) for x in time_text.split(':')]
        days = calendar.to_day_number(year, month, day)
        return cls(calendar, days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second)

    def shift(self, delta):
        self.seconds += delta

    def fields(self):
        days, rest = divmod(self.seconds, SECONDS_PER_DAY)
        year, month, day = self.calendar.from_day_number(days)
        hour = rest // 3600
        minute = rest % 3600 // 60
        second = rest % 60
        return year, month, day, hour, minute, second

    def __lt__(self, other):
        return self.seconds < other.seconds

    def __eq__(self, other):
        return self.seconds == other.seconds

    def copy(self):
        return Timestamp(self.calendar, self.seconds)

    def __repr__(self):
        return "Timestamp(%d)" % self.seconds

    def __str__(self):
        year, month, day, hour, minute, second = self.fields()
        name = WEEKDAY_NAMES[weekday(year, month, day)]
        return "%04d-%02d-%02d %02d:%02d:%02d %s" % (year, month, day, hour, minute, second, name)


class Operation:
    UNIT_SECONDS = {'d': SECONDS_PER_DAY, 'h': 3600, 'm': 60, 's': 1}

    def __init__(self, text):
        self.text = text
        self.sign = 1
        self.parts = []
        self._parse()

    def _parse(self):
        text = self.text
        pos = 0
        if text[pos] in '+-':
            if text[pos] == '-':
                self.sign = -1
            pos += 1
        digits = ''
        while pos < len(text):
            ch = text[pos]
            if ch.isdigit():
                digits += ch
            else:
                self.parts.append((int(digits), ch))
                digits = ''
            pos += 1

    def seconds(self):
        total = 0
        for value, unit in self.parts:
            total += value * self.UNIT_SECONDS[unit]
        return self.sign * total


def self_test(calendar):
    for year in (1000, 1600, 1900, 2000, 2024, 9999):
        for month in range(1, 13):
            lengths = month_lengths(year)
            for day in (1, lengths[month - 1]):
                number = calendar.to_day_number(year, month, day)
                back = calendar.from_day_number(number)
                if back != (year, month, day):
                    sys.stderr.write("mismatch %r %r\n" % ((year, month, day), back))


def main():
    lines = sys.stdin.read().splitlines()
    calendar = Calendar()
    date_text, time_text = lines[0].split()
    stamp = Timestamp.parse(calendar, date_text, time_text)
    q = int(lines[1])
    output = []
    for i in range(q):
        op = Operation(lines[2 + i].strip())
        stamp.shift(op.seconds())
        output.append(str(stamp))
    sys.stdout.write("\n".join(output) + "\n")


if __name__ == "__main__":
    main()

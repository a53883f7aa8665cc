import re
import sys
from datetime import datetime, timedelta

WEEK = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
UNIT = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def parse_delta(op):
    total = 0
    for value, unit in re.findall(r"(\d+)([dhms])", op):
        total += int(value) * UNIT[unit]
    if op[0] == "-":
        total = -total
    return total


def main():
    input = sys.stdin.readline
    cur = datetime.strptime(input().strip(), "%Y-%m-%d %H:%M:%S")
    q = int(input())
    out = []
    for _ in range(q):
        cur += timedelta(seconds=parse_delta(input().strip()))
        out.append("%04d-%02d-%02d %02d:%02d:%02d %s" % (
            cur.year, cur.month, cur.day, cur.hour, cur.minute, cur.second, WEEK[cur.weekday()]))
    print("\n".join(out))


if __name__ == "__main__":
    main()

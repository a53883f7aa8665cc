import re
from datetime import date

names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
mul = dict(d=86400, h=3600, m=60, s=1)

d, t = input().split()
y, mo, da = map(int, d.split("-"))
hh, mm, ss = map(int, t.split(":"))
now = date(y, mo, da).toordinal() * 86400 + hh * 3600 + mm * 60 + ss

for _ in range(int(input())):
    op = input().strip()
    delta = sum(int(v) * mul[u] for v, u in re.findall(r"(\d+)(\w)", op))
    now += -delta if op.startswith("-") else delta
    od, sec = divmod(now, 86400)
    day = date.fromordinal(od)
    print("{:04d}-{:02d}-{:02d} {:02d}:{:02d}:{:02d} {}".format(
        day.year, day.month, day.day, sec // 3600, sec // 60 % 60, sec % 60, names[(od - 1) % 7]))

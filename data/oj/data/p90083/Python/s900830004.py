s = input().strip()
t = s
while "()" in t:
    t = t.replace("()", "")
if t:
    print(-1)
else:
    d = m = 0
    for c in s:
        d += 1 if c == "(" else -1
        m = max(m, d)
    print(m)

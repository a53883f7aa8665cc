s = input().strip()
if s.count("(") != s.count(")"):
    print(-1)
else:
    d = m = 0
    for c in s:
        d += 1 if c == "(" else -1
        m = max(m, d)
    print(m)

s = input().strip()
n = len(s)
ok = [0] * n
opens = []
for i, ch in enumerate(s):
    if ch == '(':
        opens.append(i)
    elif opens:
        ok[opens.pop()] = 1
        ok[i] = 1

lengths = []
run = 0
for i in range(n):
    if ok[i]:
        run += 1
    elif run:
        lengths.append(run)
        run = 0

if lengths:
    m = max(lengths)
    print(m, lengths.count(m))
else:
    print(0, 1)

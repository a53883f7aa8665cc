# read input
n, c = map(int, input().split())
longest = {}
for _ in range(n):
    s, e = map(int, input().split())
    if s in longest:
        longest[s] = max(longest[s], e)
    else:
        longest[s] = e

times = []
for s in longest:
    times.append((s, 1))
    times.append((longest[s] + c, -1))
times.sort()

now = 0
peak = 0
for t, d in times:
    now += d
    peak = max(peak, now)
print(peak)

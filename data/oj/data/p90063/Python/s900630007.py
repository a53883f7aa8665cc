s = input().strip()
n = len(s)
subs = [s[i:j] for i in range(n) for j in range(i + 1, n + 1)]
pal = [t for t in subs if t == t[::-1]]
print(len(pal), len(set(pal)))

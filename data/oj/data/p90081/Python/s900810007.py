input()
tokens = input().split()
best = tokens[0]
out = []
for t in tokens:
    if t > best:
        best = t
    out.append(best)
print(" ".join(out))

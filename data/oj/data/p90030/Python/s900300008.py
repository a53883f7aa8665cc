L, R = map(int, input().split())

found = []
for p in range(2, 7):
    mersenne = 2 ** p - 1
    if all(mersenne % q for q in range(2, mersenne)):
        n = 2 ** (p - 1) * mersenne
        if L <= n <= R:
            found.append(n)

if found:
    print("\n".join(map(str, found)))
else:
    print(-1)

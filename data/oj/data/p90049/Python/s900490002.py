S = input()
T = input()
N = len(S)
M = len(T)

prev = list(range(M + 1))
for i in range(1, N + 1):
    cur = [i] + [0] * M
    a = S[i - 1]
    for j in range(1, M + 1):
        x = prev[j] + 1
        y = cur[j - 1] + 1
        z = prev[j - 1]
        if a != T[j - 1]:
            z += 1
        best = x
        if y < best:
            best = y
        if z < best:
            best = z
        cur[j] = best
    prev = cur

print(prev[M])

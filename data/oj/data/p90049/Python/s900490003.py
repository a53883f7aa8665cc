import sys
input = sys.stdin.readline

S = input().rstrip()
T = input().rstrip()
N = len(S)
M = len(T)

prev = [j for j in range(M + 1)]
for i in range(1, N + 1):
    cur = [i] + [0] * M
    ch = S[i - 1]
    for j in range(1, M + 1):
        x = prev[j] + 1
        y = cur[j - 1] + 1
        z = prev[j - 1]
        if ch != T[j - 1]:
            z += 1
        best = x
        if y < best:
            best = y
        if z < best:
            best = z
        cur[j] = best
    prev = cur

print(prev[M])

S = input()
T = S[::-1]
n = len(S)

L = [[0] * (n + 1) for _ in range(n + 1)]
for i in range(1, n + 1):
    for j in range(1, n + 1):
        if S[i - 1] == T[j - 1]:
            L[i][j] = L[i - 1][j - 1] + 1
        elif L[i - 1][j] >= L[i][j - 1]:
            L[i][j] = L[i - 1][j]
        else:
            L[i][j] = L[i][j - 1]


def rebuild(L, S, T):
    i = len(S)
    j = len(T)
    out = []
    while i > 0 and j > 0:
        if S[i - 1] == T[j - 1]:
            out.append(S[i - 1])
            i -= 1
            j -= 1
        elif L[i - 1][j] >= L[i][j - 1]:
            i -= 1
        else:
            j -= 1
    return "".join(reversed(out))


print(L[n][n])

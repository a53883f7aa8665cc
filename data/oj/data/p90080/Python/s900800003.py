def read_ints():
    return list(map(int, input().split()))


def all_sums(A, B):
    sums = []
    for x in A:
        for y in B:
            sums.append(x + y)
    return sums


N, M, K = read_ints()
A = read_ints()
B = read_ints()

sums = all_sums(A, B)
sums.sort()
answer = sums[K - 1]
print(answer)

N = int(input())
A = list(map(int, input().split()))

if N % 2:
    print(A[N // 2])
else:
    print((A[N // 2 - 1] + A[N // 2]) / 2)


def main():
    n = int(input())
    a = list(map(int, input().split()))
    res = [0] * n
    res[0] = a[0]
    for i in range(1, n):
        res[i] = a[i] if abs(a[i]) > abs(res[i - 1]) else res[i - 1]
    print(" ".join(map(str, res)))


main()

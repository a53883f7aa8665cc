def main():
    # read input
    n, k = map(int, input().split())
    a = list(map(int, input().split()))
    result = []
    for start in range(n - k + 1):
        biggest = 0
        smallest = 10 ** 9
        for j in range(start, start + k):
            if a[j] > biggest:
                biggest = a[j]
            if a[j] < smallest:
                smallest = a[j]
        result.append(biggest - smallest)
    print(" ".join(str(x) for x in result))


main()

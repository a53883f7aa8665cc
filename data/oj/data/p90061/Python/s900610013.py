import sys


def single_teller(customers):
    free = 0
    res = []
    for a, b in customers:
        t = max(a, free)
        free = t + b
        res.append((1, t))
    return res


def many_tellers(customers, k):
    n = len(customers)
    order = sorted(range(n), key=lambda i: (customers[i][0], i))
    free = [0] * k
    res = [None] * n
    for i in order:
        a, b = customers[i]
        t = max(a, min(free))
        for j in range(k):
            if free[j] <= t:
                free[j] = t + b
                res[i] = (j + 1, t)
                break
    return res


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    customers = []
    for i in range(n):
        customers.append((int(data[2 + 2 * i]), int(data[3 + 2 * i])))
    if k == 1:
        res = single_teller(customers)
    else:
        res = many_tellers(customers, k)
    total = 0
    for i in range(n):
        total += res[i][1] - customers[i][0]
        print(res[i][0], res[i][1])
    print("%.8f" % (total / n))


main()

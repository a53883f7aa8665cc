import sys


def euclid(a, b):
    a = abs(a)
    b = abs(b)
    while b:
        a, b = b, a % b
    return a


def read_points():
    data = sys.stdin.read().split()
    n = int(data[0])
    xs = []
    ys = []
    for i in range(n):
        xs.append(int(data[1 + 2 * i]))
        ys.append(int(data[2 + 2 * i]))
    return n, xs, ys


def trapezoid_area2(n, xs, ys):
    total = 0
    for i in range(n):
        j = (i + 1) % n
        total += (xs[j] - xs[i]) * (ys[j] + ys[i])
    return abs(total)


def count_boundary(n, xs, ys):
    total = 0
    for i in range(n):
        j = (i + 1) % n
        total += euclid(xs[j] - xs[i], ys[j] - ys[i])
    return total


def main():
    n, xs, ys = read_points()
    twice_area = trapezoid_area2(n, xs, ys)
    boundary = count_boundary(n, xs, ys)
    interior = (twice_area - boundary) // 2 + 1
    print(boundary, interior)


if __name__ == "__main__":
    main()

import sys
from itertools import islice


def count_for(prefix, value):
    limit = 2 * value
    return sum(1 for x in prefix if x > limit)


def solve(a):
    return sum(count_for(islice(a, 0, j), a[j]) for j in range(len(a)))


def parse(text):
    tokens = list(map(int, text.split()))
    return tokens[1:1 + tokens[0]]


def main():
    values = parse(sys.stdin.read())
    answer = solve(values)
    print(answer)


if __name__ == "__main__":
    main()

import sys


def read_queries():
    first = sys.stdin.readline()
    while first.strip() == "":
        first = sys.stdin.readline()
    q = int(first)
    result = []
    while len(result) < q:
        line = sys.stdin.readline().split()
        if not line:
            continue
        result.append((int(line[0]), int(line[1])))
    return result


def divisor_sum_prefix(n):
    total = 0
    i = 1
    while i < n:
        q = n // i
        j = n // q
        total += q * (i + j) * (j - i + 1) // 2
        i = j + 1
    return total


def answer(queries):
    memo = {}
    answers = []
    for l, r in queries:
        if r not in memo:
            memo[r] = divisor_sum_prefix(r)
        if l - 1 not in memo:
            memo[l - 1] = divisor_sum_prefix(l - 1)
        answers.append(memo[r] - memo[l - 1])
    return answers


def main():
    queries = read_queries()
    answers = answer(queries)
    sys.stdout.write("\n".join(map(str, answers)) + "\n")


if __name__ == "__main__":
    main()

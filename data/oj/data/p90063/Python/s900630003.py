import sys

read = sys.stdin.buffer.read
readline = sys.stdin.buffer.readline
readlines = sys.stdin.buffer.readlines


def chmax(a, b):
    return a if a >= b else b


def chmin(a, b):
    return a if a <= b else b


class PalindromeTable:
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.table = [[False] * self.n for _ in range(self.n)]

    def build(self):
        S = self.text
        N = self.n
        dp = self.table
        cnt = 0
        pals = set()
        for length in range(1, N + 1):
            for i in range(N - length + 1):
                j = i + length - 1
                if S[i] == S[j] and (length <= 2 or dp[i + 1][j - 1]):
                    dp[i][j] = True
                    cnt += 1
                    pals.add(S[i:j + 1])
        return cnt, len(pals)

    def is_pal(self, i, j):
        return self.table[i][j]

    def print_table(self):
        for i in range(self.n):
            row = []
            for j in range(self.n):
                row.append('1' if self.table[i][j] else '0')
            sys.stderr.write(''.join(row) + '\n')


def main():
    S = readline().decode().strip()
    table = PalindromeTable(S)
    cnt, kinds = table.build()
    print(cnt, kinds)


if __name__ == '__main__':
    main()

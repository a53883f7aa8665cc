import sys

MOD = 10 ** 9 + 7


class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
        self.n = len(rows)
        self.m = len(rows[0])

    @staticmethod
    def identity(n):
        return Matrix([[1 if i == j else 0 for j in range(n)] for i in range(n)])

    @staticmethod
    def zeros(n, m):
        return Matrix([[0] * m for _ in range(n)])

    def copy(self):
        return Matrix(self.rows)

    def __getitem__(self, idx):
        return self.rows[idx]

    def __mul__(self, other):
        res = Matrix.zeros(self.n, other.m)
        for i in range(self.n):
            row = self.rows[i]
            out = res.rows[i]
            for k in range(self.m):
                if row[k] == 0:
                    continue
                rk = row[k]
                orow = other.rows[k]
                for j in range(other.m):
                    out[j] = (out[j] + rk * orow[j]) % MOD
        return res

    def __pow__(self, e):
        result = self.copy()
        base = self.copy()
        e -= 1
        while e > 0:
            if e & 1:
                result = result * base
            base = base * base
            e >>= 1
        return result

    def apply(self, vec):
        out = []
        for i in range(self.n):
            s = 0
            for j in range(self.m):
                s += self.rows[i][j] * vec[j]
            out.append(s % MOD)
        return out

    def transpose(self):
        return Matrix([[self.rows[i][j] for i in range(self.n)] for j in range(self.m)])

    def __repr__(self):
        return "\n".join(" ".join(map(str, r)) for r in self.rows)


class Recurrence:
    def __init__(self, first, second, p, q):
        self.first = first % MOD
        self.second = second % MOD
        self.step = Matrix([[p % MOD, q % MOD], [1, 0]])

    def term(self, n):
        if n == 0:
            return self.first
        power = self.step ** (n - 1)
        vec = power.apply([self.second, self.first])
        return vec[0]

    def first_terms(self, count):
        res = [self.first, self.second]
        while len(res) < count:
            res.append((self.step[0][0] * res[-1] + self.step[0][1] * res[-2]) % MOD)
        return res[:count]


def read():
    values = sys.stdin.read().split()
    return [int(v) for v in values]


def main():
    a, b, p, q, n = read()
    rec = Recurrence(a, b, p, q)
    print(rec.term(n))


if __name__ == "__main__":
    main()

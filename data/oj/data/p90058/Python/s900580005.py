import sys


class BracketString:
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.matched = [False] * self.n
        self.partner = [-1] * self.n

    def mark_pairs(self):
        pending = []
        for i in range(self.n):
            if self.text[i] == '(':
                pending.append(i)
            elif pending:
                j = pending.pop()
                self.matched[i] = True
                self.matched[j] = True
                self.partner[i] = j
                self.partner[j] = i

    def runs(self):
        result = []
        cur = 0
        for flag in self.matched:
            if flag:
                cur += 1
            else:
                if cur > 0:
                    result.append(cur)
                cur = 0
        if cur > 0:
            result.append(cur)
        return result

    def pretty(self):
        marks = []
        for i in range(self.n):
            if self.matched[i]:
                marks.append('^')
            else:
                marks.append(' ')
        return self.text + "\n" + "".join(marks)

    def answer(self):
        self.mark_pairs()
        lengths = self.runs()
        if not lengths:
            return 0, 1
        longest = max(lengths)
        return longest, lengths.count(longest)


def read_text():
    data = sys.stdin.readline()
    return data.strip()


def main():
    text = read_text()
    bs = BracketString(text)
    a, b = bs.answer()
    sys.stdout.write("%d %d\n" % (a, b))


main()

import sys
from collections import defaultdict


class SizeMultiset:
    def __init__(self):
        self.count = defaultdict(int)
        self.maximum = 0

    def add(self, s):
        self.count[s] += 1
        if s > self.maximum:
            self.maximum = s

    def remove(self, s):
        self.count[s] -= 1
        if self.count[s] == 0:
            del self.count[s]
            if s == self.maximum:
                self.maximum = max(self.count) if self.count else 0

    def largest(self):
        return self.maximum


class Groups:
    def __init__(self, n):
        self.owner = list(range(n + 1))
        self.members = [{i} for i in range(n + 1)]
        self.sizes = SizeMultiset()
        for _ in range(n):
            self.sizes.add(1)
        self.number = n

    def merge(self, a, b):
        ga = self.owner[a]
        gb = self.owner[b]
        if ga == gb:
            return
        if len(self.members[ga]) < len(self.members[gb]):
            ga, gb = gb, ga
        big = self.members[ga]
        small = self.members[gb]
        self.sizes.remove(len(big))
        self.sizes.remove(len(small))
        for x in small:
            self.owner[x] = ga
        big |= small
        self.members[gb] = set()
        self.sizes.add(len(big))
        self.number -= 1

    def together(self, a, b):
        return self.owner[a] == self.owner[b]

    def size_of(self, a):
        return len(self.members[self.owner[a]])

    def status(self):
        return self.number, self.sizes.largest()


def main():
    read = sys.stdin.readline
    n, q = map(int, read().split())
    groups = Groups(n)
    output = []
    for _ in range(q):
        parts = read().split()
        kind = parts[0]
        if kind == "1":
            groups.merge(int(parts[1]), int(parts[2]))
        elif kind == "2":
            if groups.together(int(parts[1]), int(parts[2])):
                output.append("Yes")
            else:
                output.append("No")
        elif kind == "3":
            output.append(str(groups.size_of(int(parts[1]))))
        else:
            cnt, big = groups.status()
            output.append("%d %d" % (cnt, big))
    sys.stdout.write("\n".join(output) + "\n")


if __name__ == "__main__":
    main()

from bisect import bisect_right
import sys


class Timeline:
    def __init__(self, cleanup):
        self.cleanup = cleanup
        self.starts = []
        self.frees = []
        self.ready = False

    def add(self, start, end):
        self.starts.append(start)
        self.frees.append(end + self.cleanup)
        self.ready = False

    def prepare(self):
        self.starts.sort()
        self.frees.sort()
        self.ready = True

    def started_by(self, t):
        return bisect_right(self.starts, t)

    def freed_by(self, t):
        return bisect_right(self.frees, t)

    def busy_at(self, t):
        if not self.ready:
            self.prepare()
        return self.started_by(t) - self.freed_by(t)

    def busy_at_slow(self, t):
        count = 0
        for s in self.starts:
            if s <= t:
                count += 1
        for f in self.frees:
            if f <= t:
                count -= 1
        return count

    def peak(self):
        if not self.ready:
            self.prepare()
        best = 0
        for s in self.starts:
            best = max(best, self.busy_at(s))
        return best


def main():
    tokens = sys.stdin.read().split()
    n, c = int(tokens[0]), int(tokens[1])
    timeline = Timeline(c)
    for i in range(n):
        timeline.add(int(tokens[2 + 2 * i]), int(tokens[3 + 2 * i]))
    print(timeline.peak())


main()

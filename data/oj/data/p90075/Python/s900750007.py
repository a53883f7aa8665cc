import sys


class Compressor:
    def __init__(self, values):
        self.values = sorted(set(values))
        self.index = {}
        for i, x in enumerate(self.values):
            self.index[x] = i

    def __len__(self):
        return len(self.values)

    def get(self, x):
        return self.index[x]


def read_segments(readline, n, c):
    segments = []
    for _ in range(n):
        s, e = map(int, readline().split())
        segments.append((s, e + c))
    return segments


def peak_load(segments):
    points = []
    for s, t in segments:
        points.append(s)
        points.append(t)
    comp = Compressor(points)
    diff = [0] * (len(comp) + 1)
    for s, t in segments:
        diff[comp.get(s)] += 1
        diff[comp.get(t)] -= 1
    best = 0
    running = 0
    for v in diff:
        running += v
        if running > best:
            best = running
    return best


def main():
    readline = sys.stdin.readline
    n, c = map(int, readline().split())
    segments = read_segments(readline, n, c)
    print(peak_load(segments))


main()

import sys
import heapq


class Meeting:
    def __init__(self, start, end):
        self.start = start
        self.end = end

    def __lt__(self, other):
        return (self.start, self.end) < (other.start, other.end)


def dbg(*args):
    print(*args, file=sys.stderr)


def read_meetings(data, n):
    meetings = []
    for i in range(n):
        s = int(data[2 + 2 * i])
        e = int(data[3 + 2 * i])
        meetings.append(Meeting(s, e))
    return meetings


def rooms_needed(meetings, c):
    order = sorted(meetings)
    free_at = []
    for m in order:
        if free_at and free_at[0] <= m.start:
            heapq.heapreplace(free_at, m.end + c)
        else:
            heapq.heappush(free_at, m.end + c)
    return len(free_at)


def main():
    data = sys.stdin.buffer.read().split()
    n, c = int(data[0]), int(data[1])
    meetings = read_meetings(data, n)
    print(rooms_needed(meetings, c))


if __name__ == "__main__":
    main()

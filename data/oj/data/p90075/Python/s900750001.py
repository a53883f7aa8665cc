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


def read_meetings(input, n):
    meetings = []
    for _ in range(n):
        s, e = map(int, input().split())
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
    input = sys.stdin.readline
    n, c = map(int, input().split())
    meetings = read_meetings(input, n)
    print(rooms_needed(meetings, c))


if __name__ == "__main__":
    main()

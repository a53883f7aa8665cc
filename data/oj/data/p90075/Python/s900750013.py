import sys


class MinHeap:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)

    def is_empty(self):
        return len(self.items) == 0

    def peek(self):
        return self.items[0]

    def push(self, item):
        self.items.append(item)
        self._sift_up(len(self.items) - 1)

    def pop(self):
        last = self.items.pop()
        if not self.items:
            return last
        top = self.items[0]
        self.items[0] = last
        self._sift_down(0)
        return top

    def _sift_up(self, index):
        item = self.items[index]
        while index > 0:
            parent = (index - 1) // 2
            if self.items[parent] <= item:
                break
            self.items[index] = self.items[parent]
            index = parent
        self.items[index] = item

    def _sift_down(self, index):
        size = len(self.items)
        item = self.items[index]
        while True:
            child = 2 * index + 1
            if child >= size:
                break
            if child + 1 < size and self.items[child + 1] < self.items[child]:
                child += 1
            if item <= self.items[child]:
                break
            self.items[index] = self.items[child]
            index = child
        self.items[index] = item


class Meeting:
    def __init__(self, index, start, end):
        self.index = index
        self.start = start
        self.end = end
        self.room = -1

    def sort_key(self):
        return (self.start, self.end, self.index)

    def __repr__(self):
        return "Meeting(%d, %d, %d, room=%d)" % (self.index, self.start, self.end, self.room)


class RoomScheduler:
    def __init__(self, cleanup):
        self.cleanup = cleanup
        self.available = MinHeap()
        self.room_count = 0
        self.history = []

    def open_new_room(self):
        room_id = self.room_count
        self.room_count += 1
        return room_id

    def place(self, meeting):
        if not self.available.is_empty():
            ready_time, room_id = self.available.peek()
            if ready_time <= meeting.start:
                self.available.pop()
                meeting.room = room_id
                self.available.push((meeting.end + self.cleanup, room_id))
                self.history.append(meeting)
                return
        room_id = self.open_new_room()
        meeting.room = room_id
        self.available.push((meeting.end, room_id))
        self.history.append(meeting)

    def schedule(self, meetings):
        ordered = sorted(meetings, key=lambda m: m.sort_key())
        for meeting in ordered:
            self.place(meeting)
        return self.room_count

    def rooms_by_meeting(self):
        result = {}
        for meeting in self.history:
            result[meeting.index] = meeting.room
        return result


def verify(meetings, cleanup):
    by_room = {}
    for meeting in meetings:
        by_room.setdefault(meeting.room, []).append(meeting)
    for room, items in by_room.items():
        items.sort(key=lambda m: m.start)
        for k in range(1, len(items)):
            if items[k - 1].end + cleanup > items[k].start:
                return False
    return True


class TokenReader:
    def __init__(self):
        self.tokens = sys.stdin.buffer.read().split()
        self.position = 0

    def next_int(self):
        value = int(self.tokens[self.position])
        self.position += 1
        return value

    def remaining(self):
        return len(self.tokens) - self.position


class OutputBuffer:
    def __init__(self):
        self.lines = []

    def add(self, value):
        self.lines.append(str(value))

    def flush(self):
        sys.stdout.write("\n".join(self.lines) + "\n")


def read_input():
    reader = TokenReader()
    n = reader.next_int()
    cleanup = reader.next_int()
    meetings = []
    for index in range(n):
        start = reader.next_int()
        end = reader.next_int()
        meetings.append(Meeting(index, start, end))
    return n, cleanup, meetings


def main():
    n, cleanup, meetings = read_input()
    scheduler = RoomScheduler(cleanup)
    answer = scheduler.schedule(meetings)
    out = OutputBuffer()
    out.add(answer)
    out.flush()


if __name__ == "__main__":
    main()

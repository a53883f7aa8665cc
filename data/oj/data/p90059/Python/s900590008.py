import sys
from collections import deque


def read_tokens():
    return sys.stdin.read().split()


def brute_force(text, patterns):
    answers = []
    for p in patterns:
        hits = []
        for i in range(len(text) - len(p) + 1):
            if text[i:i + len(p)] == p:
                hits.append(i + 1)
        if hits:
            answers.append("%d %d %d" % (len(hits), hits[0], hits[-1]))
        else:
            answers.append("0")
    return answers


def compare(text, patterns, got):
    expected = brute_force(text, patterns)
    for i, (a, b) in enumerate(zip(expected, got)):
        if a != b:
            sys.stderr.write("query %d: expected %s got %s\n" % (i, a, b))


class AhoCorasick:
    def __init__(self):
        self.goto = [{}]
        self.fail = [0]
        self.out = [[]]
        self.depth = [0]
        self.dict_link = [-1]

    def _new_node(self, depth):
        self.goto.append({})
        self.fail.append(0)
        self.out.append([])
        self.depth.append(depth)
        self.dict_link.append(-1)
        return len(self.goto) - 1

    def add(self, word, ident):
        node = 0
        for ch in word:
            nxt = self.goto[node].get(ch)
            if nxt is None:
                nxt = self._new_node(self.depth[node] + 1)
                self.goto[node][ch] = nxt
            node = nxt
        self.out[node].append(ident)
        return node

    def build(self):
        queue = deque()
        for ch, child in self.goto[0].items():
            self.fail[child] = 0
            queue.append(child)
        while queue:
            node = queue.popleft()
            for ch, child in self.goto[node].items():
                f = self.fail[node]
                while f and ch not in self.goto[f]:
                    f = self.fail[f]
                cand = self.goto[f].get(ch, 0)
                if cand == child:
                    cand = 0
                self.fail[child] = cand
                if self.out[cand]:
                    self.dict_link[child] = cand
                else:
                    self.dict_link[child] = self.dict_link[cand]
                queue.append(child)

    def step(self, node, ch):
        while node and ch not in self.goto[node]:
            node = self.fail[node]
        return self.goto[node].get(ch, 0)

    def scan(self, text, on_match):
        node = 0
        for i, ch in enumerate(text):
            node = self.step(node, ch)
            hit = node if self.out[node] else self.dict_link[node]
            while hit > 0:
                on_match(hit, i)
                hit = self.dict_link[hit]


class Stats:
    def __init__(self, size):
        self.count = [0] * size
        self.first = [-1] * size
        self.last = [-1] * size

    def record(self, node, start):
        if self.count[node] == 0:
            self.first[node] = start
        self.count[node] += 1
        self.last[node] = start


def solve(text, patterns):
    ac = AhoCorasick()
    terminal = []
    for idx, p in enumerate(patterns):
        terminal.append(ac.add(p, idx))
    ac.build()
    stats = Stats(len(ac.goto))

    def on_match(node, end):
        start = end - ac.depth[node] + 1
        stats.record(node, start + 1)

    ac.scan(text, on_match)
    answers = []
    for idx in range(len(patterns)):
        node = terminal[idx]
        c = stats.count[node]
        if c == 0:
            answers.append("0")
        else:
            answers.append("%d %d %d" % (c, stats.first[node], stats.last[node]))
    return answers


def main():
    tokens = read_tokens()
    text = tokens[0]
    q = int(tokens[1])
    patterns = tokens[2:2 + q]
    answers = solve(text, patterns)
    sys.stdout.write("\n".join(answers))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

import sys


class Node:
    __slots__ = ("length", "link", "next", "occ")

    def __init__(self, length, link):
        self.length = length
        self.link = link
        self.next = {}
        self.occ = 0


class PalindromicTree:
    def __init__(self):
        self.nodes = [Node(-1, 0), Node(0, 0)]
        self.last = 1
        self.text = []

    def _find(self, v, i):
        s = self.text
        while True:
            length = self.nodes[v].length
            j = i - length - 1
            if j >= 0 and s[j] == s[i]:
                return v
            v = self.nodes[v].link

    def add(self, ch):
        self.text.append(ch)
        i = len(self.text) - 1
        cur = self._find(self.last, i)
        node = self.nodes[cur]
        if ch in node.next:
            self.last = node.next[ch]
            self.nodes[self.last].occ += 1
            return False
        new_len = node.length + 2
        if new_len == 1:
            link = 1
        else:
            link = self.nodes[self._find(node.link, i)].next[ch]
        self.nodes.append(Node(new_len, link))
        idx = len(self.nodes) - 1
        node.next[ch] = idx
        self.nodes[idx].occ = 1
        self.last = idx
        return True

    def distinct(self):
        return len(self.nodes) - 2

    def total_occurrences(self):
        occ = [nd.occ for nd in self.nodes]
        for v in range(len(self.nodes) - 1, 1, -1):
            occ[self.nodes[v].link] += occ[v]
        return sum(occ[2:])

    def palindromes(self):
        res = []
        for v in range(2, len(self.nodes)):
            res.append(self.nodes[v].length)
        return res

    def longest(self):
        best = 0
        for v in range(2, len(self.nodes)):
            if self.nodes[v].length > best:
                best = self.nodes[v].length
        return best

    def spell(self, v):
        """rebuild the palindrome of node v by walking from the roots"""
        parent = {}
        for u in range(len(self.nodes)):
            for ch, w in self.nodes[u].next.items():
                parent[w] = (u, ch)
        left = []
        while v > 1:
            u, ch = parent[v]
            left.append(ch)
            v = u
        half = "".join(left)
        if v == 0:
            return half + half[::-1][1:]
        return half + half[::-1]

    def dump(self, out=sys.stderr):
        for v in range(len(self.nodes)):
            nd = self.nodes[v]
            out.write("%d len=%d link=%d occ=%d next=%s\n" % (v, nd.length, nd.link, nd.occ, sorted(nd.next.items())))


def brute_force(s):
    total = 0
    kinds = set()
    for i in range(len(s)):
        for j in range(i + 1, len(s) + 1):
            piece = s[i:j]
            if piece == piece[::-1]:
                total += 1
                kinds.add(piece)
    return total, len(kinds)


def count_by_length(tree):
    occ = [nd.occ for nd in tree.nodes]
    for v in range(len(tree.nodes) - 1, 1, -1):
        occ[tree.nodes[v].link] += occ[v]
    result = {}
    for v in range(2, len(tree.nodes)):
        length = tree.nodes[v].length
        result[length] = result.get(length, 0) + occ[v]
    return result


class FastInput:
    def __init__(self):
        self.data = sys.stdin.buffer.read().split()
        self.pos = 0

    def next_token(self):
        tok = self.data[self.pos]
        self.pos += 1
        return tok.decode()

    def next_int(self):
        return int(self.next_token())

    def has_more(self):
        return self.pos < len(self.data)


def read_string():
    reader = FastInput()
    if not reader.has_more():
        return ""
    return reader.next_token()


def solve(s):
    tree = PalindromicTree()
    for ch in s:
        tree.add(ch)
    return tree.total_occurrences(), tree.distinct()


def main():
    s = read_string()
    total, distinct = solve(s)
    print(total, distinct)


if __name__ == "__main__":
    main()

import sys
import bisect
from collections import defaultdict

readline = sys.stdin.readline
INF = 1 << 60


class MinSegmentTree:
    """range minimum with a descent that finds the first index holding a value below a bound"""

    def __init__(self, values):
        self.n = len(values)
        size = 1
        while size < self.n:
            size <<= 1
        self.size = size
        self.tree = [INF] * (2 * size)
        for i, v in enumerate(values):
            self.tree[size + i] = v
        for i in range(size - 1, 0, -1):
            self.tree[i] = min(self.tree[2 * i], self.tree[2 * i + 1])

    def update(self, pos, value):
        pos += self.size
        self.tree[pos] = value
        pos >>= 1
        while pos:
            self.tree[pos] = min(self.tree[2 * pos], self.tree[2 * pos + 1])
            pos >>= 1

    def query(self, lo, hi):
        res = INF
        lo += self.size
        hi += self.size
        while lo < hi:
            if lo & 1:
                res = min(res, self.tree[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                res = min(res, self.tree[hi])
            lo >>= 1
            hi >>= 1
        return res

    def first_below(self, start, bound):
        """smallest index i >= start with value < bound, or self.n if none"""
        if start >= self.n:
            return self.n
        return self._descend(1, 0, self.size, start, bound)

    def _descend(self, node, node_lo, node_hi, start, bound):
        stack = [(node, node_lo, node_hi)]
        while stack:
            node, node_lo, node_hi = stack.pop()
            if node_hi <= start or self.tree[node] >= bound:
                continue
            if node >= self.size:
                return node - self.size
            mid = (node_lo + node_hi) // 2
            stack.append((2 * node + 1, mid, node_hi))
            stack.append((2 * node, node_lo, mid))
        return self.n


def prefix_balance(s):
    pref = [0] * (len(s) + 1)
    for i, ch in enumerate(s):
        pref[i + 1] = pref[i] + (1 if ch == '(' else -1)
    return pref


def group_positions(pref):
    where = defaultdict(list)
    for i, v in enumerate(pref):
        where[v].append(i)
    return where


def longest_from_each_start(s):
    pref = prefix_balance(s)
    where = group_positions(pref)
    tree = MinSegmentTree(pref)
    n = len(s)
    result = [0] * n
    for l in range(n):
        if s[l] != '(':
            continue
        stop = tree.first_below(l + 1, pref[l])
        same = where[pref[l]]
        k = bisect.bisect_left(same, stop) - 1
        r = same[k]
        if r > l:
            result[l] = r - l
    return result


def debug_dump(s, lengths):
    for i, ch in enumerate(s):
        sys.stderr.write("%d %s %d\n" % (i, ch, lengths[i]))


def solve(s):
    if not s:
        return 0, 1
    lengths = longest_from_each_start(s)
    best = max(lengths)
    if best == 0:
        return 0, 1
    return best, lengths.count(best)


def main():
    s = readline().strip()
    best, count = solve(s)
    print(best, count)


if __name__ == '__main__':
    main()

import sys

UNKNOWN = 0
IN_PROGRESS = 1
DONE = 2


def read_input():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    m = int(data[1])
    adjacency = [[] for _ in range(n + 1)]
    idx = 2
    for _ in range(m):
        a = int(data[idx])
        b = int(data[idx + 1])
        w = int(data[idx + 2])
        idx += 3
        adjacency[a].append((b, w))
    return n, m, adjacency


def best_scores_to_goal(n, adjacency, start):
    state = [UNKNOWN] * (n + 1)
    value = [None] * (n + 1)
    state[n] = DONE
    value[n] = 0
    if start == n:
        return value
    stack = [(start, 0)]
    state[start] = IN_PROGRESS
    while stack:
        v, i = stack[-1]
        edges = adjacency[v]
        if i < len(edges):
            stack[-1] = (v, i + 1)
            u = edges[i][0]
            if state[u] == UNKNOWN:
                state[u] = IN_PROGRESS
                stack.append((u, 0))
            continue
        stack.pop()
        result = None
        for u, w in edges:
            if value[u] is None:
                continue
            candidate = value[u] + w
            if result is None or candidate > result:
                result = candidate
        value[v] = result
        state[v] = DONE
    return value


def format_answer(x):
    if x is None:
        return "IMPOSSIBLE"
    return str(x)


def count_edges(adjacency):
    total = 0
    for row in adjacency:
        total += len(row)
    return total


def main():
    n, m, adjacency = read_input()
    value = best_scores_to_goal(n, adjacency, 1)
    print(format_answer(value[1]))


if __name__ == "__main__":
    main()

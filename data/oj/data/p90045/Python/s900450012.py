import sys


def read_tree():
    data = sys.stdin.read().split()
    n = int(data[0])
    weight = [0] * (n + 1)
    for i in range(n):
        weight[i + 1] = int(data[1 + i])
    g = [[] for _ in range(n + 1)]
    ptr = n + 1
    for _ in range(n - 1):
        u = int(data[ptr])
        v = int(data[ptr + 1])
        ptr += 2
        g[u].append(v)
        g[v].append(u)
    return n, weight, g


def heaviest_path(n, weight, g):
    NEG = -(10 ** 18)
    best_chain = [0] * (n + 1)
    answer = NEG
    stack = [[1, 0, 0]]
    chains = {1: []}
    while stack:
        frame = stack[-1]
        v, p, idx = frame
        if idx < len(g[v]):
            frame[2] += 1
            c = g[v][idx]
            if c != p:
                chains[c] = []
                stack.append([c, v, 0])
            continue
        stack.pop()
        child_chains = chains.pop(v)
        child_chains.sort(reverse=True)
        top = [x for x in child_chains[:2] if x > 0]
        while len(top) < 2:
            top.append(0)
        through = weight[v] + top[0] + top[1]
        if through > answer:
            answer = through
        best_chain[v] = weight[v] + top[0]
        if p:
            chains[p].append(best_chain[v])
    return answer


def main():
    n, weight, g = read_tree()
    print(heaviest_path(n, weight, g))


if __name__ == "__main__":
    main()

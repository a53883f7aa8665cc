import sys


def main():
    input = sys.stdin.readline
    n = int(input())
    a = [0] + list(map(int, input().split()))
    adj = [[] for _ in range(n + 1)]
    for _ in range(n - 1):
        u, v = map(int, input().split())
        adj[u].append(v)
        adj[v].append(u)

    parent = [0] * (n + 1)
    order = []
    stack = [1]
    parent[1] = -1
    while stack:
        v = stack.pop()
        order.append(v)
        for w in adj[v]:
            if w != parent[v]:
                parent[w] = v
                stack.append(w)

    gain = [0] * (n + 1)
    best = 0
    for v in reversed(order):
        m1 = 0
        m2 = 0
        for w in adj[v]:
            if w == parent[v]:
                continue
            g = gain[w]
            if g > m1:
                m2 = m1
                m1 = g
            elif g > m2:
                m2 = g
        best = max(best, a[v] + m1 + m2)
        gain[v] = a[v] + m1

    print(best)


if __name__ == "__main__":
    main()

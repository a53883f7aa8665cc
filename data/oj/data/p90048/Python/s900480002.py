import sys


def main():
    input = sys.stdin.readline
    n, m = map(int, input().split())
    g = [[] for _ in range(n + 1)]
    for _ in range(m):
        a, b = map(int, input().split())
        g[a].append(b)
        g[b].append(a)

    color = [-1] * (n + 1)
    answer = 0
    for s in range(1, n + 1):
        if color[s] != -1:
            continue
        color[s] = 0
        cnt = [1, 0]
        q = [s]
        head = 0
        while head < len(q):
            u = q[head]
            head += 1
            for v in g[u]:
                if color[v] == -1:
                    color[v] = color[u] ^ 1
                    cnt[color[v]] += 1
                    q.append(v)
                elif color[v] == color[u]:
                    print(-1)
                    return
        answer += max(cnt)
    print(answer)


if __name__ == "__main__":
    main()

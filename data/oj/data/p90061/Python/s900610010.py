import sys


def show_state(t, free_at):
    print("time", t, "free", free_at, file=sys.stderr)


def check(teller, start, arrive):
    for i in range(len(teller)):
        assert teller[i] >= 1
        assert start[i] >= arrive[i]


def main():
    input = sys.stdin.readline
    n, k = map(int, input().split())
    arrive = []
    need = []
    for _ in range(n):
        a, b = map(int, input().split())
        arrive.append(a)
        need.append(b)

    order = sorted(range(n), key=lambda i: (arrive[i], i))
    free_at = [0] * k
    teller = [0] * n
    start = [0] * n
    total_wait = 0
    for i in order:
        t = max(arrive[i], min(free_at))
        chosen = free_at.index(min(free_at))
        for j in range(k):
            if free_at[j] < t:
                chosen = j
                break
        free_at[chosen] = t + need[i]
        teller[i] = chosen + 1
        start[i] = t
        total_wait += t - arrive[i]

    out = []
    for i in range(n):
        out.append("%d %d" % (teller[i], start[i]))
    out.append("%.10f" % (total_wait / n))
    print("\n".join(out))


if __name__ == "__main__":
    main()

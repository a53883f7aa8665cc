from collections import deque
import sys


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    comp = list(range(n + 1))
    comp_size = [1] * (n + 1)
    n_comp = n
    best = 1
    out = []
    pos = 2
    for _ in range(q):
        t = data[pos]
        if t == "1":
            a, b = int(data[pos + 1]), int(data[pos + 2])
            pos += 3
            adj[a].append(b)
            adj[b].append(a)
            ca, cb = comp[a], comp[b]
            if ca == cb:
                continue
            if comp_size[ca] < comp_size[cb]:
                a, b = b, a
                ca, cb = cb, ca
            comp[b] = ca
            dq = deque([b])
            while dq:
                u = dq.popleft()
                for w in adj[u]:
                    if comp[w] == cb:
                        comp[w] = ca
                        dq.append(w)
            comp_size[ca] += comp_size[cb]
            comp_size[cb] = 0
            n_comp -= 1
            if comp_size[ca] > best:
                best = comp_size[ca]
        elif t == "2":
            a, b = int(data[pos + 1]), int(data[pos + 2])
            pos += 3
            out.append("Yes" if comp[a] == comp[b] else "No")
        elif t == "3":
            a = int(data[pos + 1])
            pos += 2
            out.append(str(comp_size[comp[a]]))
        else:
            pos += 1
            out.append(str(n_comp) + " " + str(best))
    sys.stdout.write("\n".join(out) + "\n")


main()

import sys

input = sys.stdin.readline
N, Q = map(int, input().split())
label = list(range(N + 1))
members = [[i] for i in range(N + 1)]
groups = N
biggest = 1
ans = []
for _ in range(Q):
    query = input().split()
    if query[0] == "1":
        a = label[int(query[1])]
        b = label[int(query[2])]
        if a == b:
            continue
        if len(members[a]) < len(members[b]):
            a, b = b, a
        for x in members[b]:
            label[x] = a
        members[a].extend(members[b])
        members[b] = []
        groups -= 1
        biggest = max(biggest, len(members[a]))
    elif query[0] == "2":
        if label[int(query[1])] == label[int(query[2])]:
            ans.append("Yes")
        else:
            ans.append("No")
    elif query[0] == "3":
        ans.append(len(members[label[int(query[1])]]))
    else:
        ans.append(f"{groups} {biggest}")
print(*ans, sep="\n")

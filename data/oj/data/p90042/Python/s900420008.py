n, q = map(int, input().split())

parent = []
for i in range(n + 1):
    parent.append(i)

size = []
for i in range(n + 1):
    size.append(1)

number_of_groups = n
largest_group = 0


def get_root(x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


for _ in range(q):
    line = input().split()
    kind = int(line[0])
    if kind == 1:
        a = int(line[1])
        b = int(line[2])
        root_a = get_root(a)
        root_b = get_root(b)
        if root_a != root_b:
            if size[root_a] < size[root_b]:
                temp = root_a
                root_a = root_b
                root_b = temp
            parent[root_b] = root_a
            size[root_a] = size[root_a] + size[root_b]
            number_of_groups = number_of_groups - 1
            if size[root_a] > largest_group:
                largest_group = size[root_a]
    elif kind == 2:
        a = int(line[1])
        b = int(line[2])
        if get_root(a) == get_root(b):
            print("Yes")
        else:
            print("No")
    elif kind == 3:
        a = int(line[1])
        print(size[get_root(a)])
    elif kind == 4:
        print(number_of_groups, largest_group)

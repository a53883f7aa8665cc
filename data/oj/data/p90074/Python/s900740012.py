def merge_count(lst):
    if len(lst) < 2:
        return lst, 0
    half = len(lst) // 2
    a, x = merge_count(lst[:half])
    b, y = merge_count(lst[half:])
    res = x + y
    p = 0
    for v in a:
        while p < len(b) and v >= 2 * b[p]:
            p += 1
        res += p
    out = []
    p = q = 0
    while p < len(a) and q < len(b):
        if a[p] < b[q]:
            out.append(a[p])
            p += 1
        else:
            out.append(b[q])
            q += 1
    out += a[p:] + b[q:]
    return out, res


# read input
N = int(input())
arr = list(map(int, input().split()))
print(merge_count(arr)[1])

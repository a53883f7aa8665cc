DIGITS = "0123456789ABCDEF"

N, B = map(int, input().split())
if N == 0:
    print(0)
else:
    ans = []
    while N != 0:
        q, r = divmod(N, B)
        if r < 0:
            r -= B
            q += 1
        ans.append(DIGITS[r])
        N = q
    print("".join(ans[::-1]))

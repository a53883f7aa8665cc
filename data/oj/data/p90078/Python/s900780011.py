import sys

def main():
    n, s = map(int, sys.stdin.readline().split())
    a = list(map(int, sys.stdin.readline().split()))
    if s == 0:
        print(0)
        return
    pre = [0] * (n + 1)
    for i in range(n):
        pre[i + 1] = pre[i] + a[i]
    ans = 0
    j = 0
    for i in range(n):
        if j < i:
            j = i
        while j < n and pre[j + 1] - pre[i] <= s:
            j += 1
        ans += j - i
    print(ans)

main()

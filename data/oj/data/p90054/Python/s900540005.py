MOD = 1000000007

line = input().split()
n = line[0]
d = int(line[1])

digits = []
for ch in n:
    digits.append(int(ch))

dp = []
for t in range(2):
    dp.append([0] * d)
dp[1][0] = 1

for i in range(len(digits)):
    digit = digits[i]
    new_dp = []
    for t in range(2):
        new_dp.append([0] * d)
    for t in range(2):
        for r in range(d):
            ways = dp[t][r]
            if ways == 0:
                continue
            if t == 1:
                top = digit
            else:
                top = 9
            for x in range(top + 1):
                if t == 1 and x == digit:
                    nt = 1
                else:
                    nt = 0
                nr = (r + x) % d
                new_dp[nt][nr] = (new_dp[nt][nr] + ways) % MOD
    dp = new_dp


def show(table):
    for t in range(2):
        text = ""
        for r in range(len(table[t])):
            text = text + str(table[t][r]) + " "
        print(text)


count_with_zero = dp[0][0] + dp[1][0]
answer = count_with_zero - 1
answer = answer % MOD
print(answer)

s = input()
s = s.strip()
n = len(s)


def check(word):
    left = 0
    right = len(word) - 1
    while left < right:
        if word[left] != word[right]:
            return False
        left = left + 1
        right = right - 1
    return True


count = 0
different = []
checked = set()

for i in range(n):
    for j in range(i, n):
        if s[i] != s[j]:
            continue
        sub = s[i:j + 1]
        rev = sub[::-1]
        if sub == rev:
            count = count + 1
            if sub not in checked:
                checked.add(sub)
                different.append(sub)

answer1 = count
answer2 = len(different)
print(answer1, answer2)

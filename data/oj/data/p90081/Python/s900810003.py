import sys

data = sys.stdin.read().split()
n = int(data[0])
best = float("-inf")
answers = []
for token in data[1 : n + 1]:
    value = int(token)
    best = max(best, value)
    answers.append(str(best))
print(" ".join(answers))

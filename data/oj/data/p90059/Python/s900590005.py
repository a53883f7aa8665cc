def read_input():
    text = input()
    q = int(input())
    patterns = []
    for query in range(q):
        patterns.append(input())
    return text, patterns


def search(text, pattern):
    n = len(text)
    m = len(pattern)
    positions = []
    for start in range(n - m + 1):
        if text[start:start + m] == pattern:
            positions.append(start + 1)
    return positions


text, patterns = read_input()

results = []
for pattern in patterns:
    positions = search(text, pattern)
    if len(positions) == 0:
        results.append("0")
    else:
        count = len(positions)
        first = positions[0]
        last = positions[len(positions) - 1]
        results.append(str(count) + " " + str(first) + " " + str(last))

for line in results:
    print(line)

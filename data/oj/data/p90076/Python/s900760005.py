# read input
line = input().split()
N = int(line[0])
K = int(line[1])
numbers = input().split()
A = []
for s in numbers:
    A.append(int(s))


def count_cuts(length):
    cuts = 0
    for x in A:
        pieces = int(x / length)
        if pieces * length < x:
            pieces = pieces + 1
        cuts = cuts + pieces - 1
    return cuts


low = 0
high = 0
for x in A:
    if x > high:
        high = x

if K == 0:
    answer = high
else:
    for step in range(100):
        middle = (low + high) / 2
        cuts = count_cuts(middle)
        if cuts <= K:
            high = middle
        else:
            low = middle
    answer = high

text = str(answer)
if "e" in text or "E" in text:
    text = "%.12f" % answer
print(text)

N = int(input())
A = list(map(int, input().split()))


def all_same(values):
    return len(set(values)) == 1


def highest_bit_at_most(bits, limit):
    low = bits & ((1 << (limit + 1)) - 1)
    return low.bit_length() - 1


if all_same(A):
    print(N % 2)
    exit()

total = sum(A)
bits = 1
for a in A:
    bits |= bits << a

half = total // 2
best = highest_bit_at_most(bits, half)
print(total - 2 * best)

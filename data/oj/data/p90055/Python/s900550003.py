import sys
input = sys.stdin.readline

N = int(input())
A = [int(x) for x in input().split()]


def all_same(values):
    return len(set(values)) == 1


def highest_bit_at_most(bits, limit):
    low = bits & ((1 << (limit + 1)) - 1)
    return low.bit_length() - 1


if all_same(A):
    print(A[0] * (N % 2))
    sys.exit()

total = sum(A)
reach = 1
for a in A:
    reach = reach | (reach << a)

half = total // 2
best = highest_bit_at_most(reach, half)
print(total - 2 * best)

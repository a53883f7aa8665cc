from itertools import accumulate

input()
nums = map(int, input().split())
print(" ".join(str(v) for v in accumulate(nums, max)))

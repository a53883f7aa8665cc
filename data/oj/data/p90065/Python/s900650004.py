import sys
from math import comb

data = sys.stdin.read().split()
q, p = int(data[0]), int(data[1])
pairs = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(q)]
print("\n".join(str(comb(n, k) % p if k <= n else 0) for n, k in pairs))

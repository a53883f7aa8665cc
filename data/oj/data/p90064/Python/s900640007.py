import sys
import math
import bisect
import heapq
import itertools
from collections import deque, defaultdict, Counter
from functools import lru_cache

sys.setrecursionlimit(10 ** 7)
INF = float('inf')
MOD = 10 ** 9 + 7
input = lambda: sys.stdin.readline().rstrip()


def I(): return int(input())
def MI(): return map(int, input().split())
def LI(): return list(map(int, input().split()))
def LI1(): return list(map(lambda x: int(x) - 1, input().split()))
def S(): return input()
def LS(): return input().split()
def yes(): print("Yes")
def no(): print("No")


PUSH, POP, DUP, SWAP, OVER, ADD, SUB, MUL, DIV, MOD, PRINT, JZ, JMP = range(13)
NAMES = ['push', 'pop', 'dup', 'swap', 'over', 'add', 'sub', 'mul', 'div', 'mod', 'print', 'jz', 'jmp']
CODE = {name: i for i, name in enumerate(NAMES)}
REQUIRED = [0, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0]


def tdiv(a, b):
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def main():
    n = I()
    prog = []
    for _ in range(n):
        w = LS()
        prog.append((CODE[w[0]], int(w[1]) if len(w) > 1 else 0))
    st = []
    res = []
    ip = 0
    cnt = 0
    last = None
    while ip < n:
        if cnt == 10000:
            last = "LIMIT"
            break
        cnt += 1
        op, x = prog[ip]
        if len(st) < REQUIRED[op] or (op in (DIV, MOD) and st[-1] == 0):
            last = "ERROR " + str(ip + 1)
            break
        ip += 1
        if op == PUSH:
            st.append(x)
        elif op == POP:
            st.pop()
        elif op == DUP:
            st.append(st[-1])
        elif op == SWAP:
            st[-1], st[-2] = st[-2], st[-1]
        elif op == OVER:
            st.append(st[-2])
        elif op == PRINT:
            res.append(st[-1])
        elif op == JZ:
            if st.pop() == 0:
                ip = x - 1
        elif op == JMP:
            ip = x - 1
        else:
            b = st.pop()
            a = st.pop()
            if op == ADD:
                st.append(a + b)
            elif op == SUB:
                st.append(a - b)
            elif op == MUL:
                st.append(a * b)
            elif op == DIV:
                st.append(tdiv(a, b))
            else:
                st.append(a - b * tdiv(a, b))
    if last is None:
        last = " ".join(map(str, st)) if st else "EMPTY"
    res.append(last)
    print(*res, sep="\n")


main()

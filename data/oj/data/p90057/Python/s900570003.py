import sys

PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "u": 3}


def to_rpn(s):
    out = []
    ops = []
    i = 0
    n = len(s)
    prev = None
    while i < n:
        c = s[i]
        if c.isdigit():
            j = i
            while j < n and s[j].isdigit():
                j += 1
            out.append(int(s[i:j]))
            prev = "num"
            i = j
            continue
        if c == "(":
            ops.append(c)
            prev = "("
        elif c == ")":
            while ops[-1] != "(":
                out.append(ops.pop())
            ops.pop()
            prev = ")"
        elif c == "-" and prev not in ("num", ")"):
            ops.append("u")
            prev = "op"
        else:
            while ops and ops[-1] != "(" and PREC[ops[-1]] >= PREC[c]:
                out.append(ops.pop())
            ops.append(c)
            prev = "op"
        i += 1
    while ops:
        out.append(ops.pop())
    return out


def run(rpn):
    st = []
    for t in rpn:
        if isinstance(t, int):
            st.append(t)
        elif t == "u":
            st.append(-st.pop())
        else:
            b = st.pop()
            a = st.pop()
            if t == "+":
                st.append(a + b)
            elif t == "-":
                st.append(a - b)
            elif t == "*":
                st.append(a * b)
            else:
                q = abs(a) // abs(b)
                st.append(q if (a >= 0) == (b >= 0) else -q)
    return st[0]


s = sys.stdin.readline().strip()
print(run(to_rpn(s)))

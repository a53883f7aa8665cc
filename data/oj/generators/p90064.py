import random
import sys

LIMIT = 10000
BOUND = 10 ** 18


def run(prog):
    st = []
    ip = 0
    steps = 0
    n = len(prog)
    while ip < n:
        if steps == LIMIT:
            return "LIMIT"
        steps += 1
        op = prog[ip]
        name = op[0]
        need = {"pop": 1, "dup": 1, "swap": 2, "over": 2, "add": 2, "sub": 2,
                "mul": 2, "div": 2, "mod": 2, "print": 1, "jz": 1}.get(name, 0)
        if len(st) < need:
            return "ERROR"
        nxt = ip + 1
        if name == "push":
            st.append(op[1])
        elif name == "pop":
            st.pop()
        elif name == "dup":
            st.append(st[-1])
        elif name == "swap":
            st[-1], st[-2] = st[-2], st[-1]
        elif name == "over":
            st.append(st[-2])
        elif name in ("add", "sub", "mul", "div", "mod"):
            b = st.pop()
            a = st.pop()
            if name == "add":
                st.append(a + b)
            elif name == "sub":
                st.append(a - b)
            elif name == "mul":
                st.append(a * b)
            else:
                if b == 0:
                    return "ERROR"
                q = abs(a) // abs(b)
                if (a < 0) != (b < 0):
                    q = -q
                st.append(q if name == "div" else a - b * q)
            if abs(st[-1]) > BOUND:
                return "BIG"
        elif name == "jz":
            if st.pop() == 0:
                nxt = op[1] - 1
        elif name == "jmp":
            nxt = op[1] - 1
        ip = nxt
    return "OK"


def value(rng, big):
    r = rng.random()
    if r < big:
        return rng.randint(-10 ** 9, 10 ** 9)
    if r < 0.5:
        return rng.randint(-9, 9)
    return rng.randint(-100, 100)


NEED = {"pop": 1, "dup": 1, "swap": 2, "over": 2, "add": 2, "sub": 2,
        "mul": 2, "div": 2, "mod": 2, "print": 1}
EFFECT = {"push": 1, "pop": -1, "dup": 1, "swap": 0, "over": 1, "add": -1, "sub": -1,
          "mul": -1, "div": -1, "mod": -1, "print": 0}


def straight(rng, n, cfg, depth):
    ops = []
    for _ in range(n):
        if depth < 2 and rng.random() < cfg["safe"]:
            name = "push"
        else:
            name = rng.choice(cfg["pool"])
            if NEED.get(name, 0) > depth and rng.random() > cfg["err"]:
                name = "push"
        if name == "push":
            ops.append(("push", value(rng, cfg["big"])))
        else:
            ops.append((name,))
        depth = max(0, depth + EFFECT[name])
    return ops, depth


def build(rng, n, cfg):
    prog = []
    depth = 0
    while len(prog) < n:
        r = rng.random()
        if r < cfg["loops"]:
            k = rng.randint(0, 12)
            body, _ = straight(rng, rng.randint(0, 4), cfg, depth + 1)
            start = len(prog) + 1
            block = [("push", k)]
            head = start + 1
            block.append(("dup",))
            jz_at = len(block)
            block.append(("jz", 0))
            block.extend(body)
            block.append(("push", 1))
            block.append(("sub",))
            block.append(("jmp", head))
            end = start + len(block)
            block.append(("pop",))
            block[jz_at] = ("jz", end)
            prog.extend(block)
        elif r < cfg["loops"] + cfg["jumps"]:
            name = rng.choice(["jz", "jmp", "jz"])
            prog.append((name, 0))
            if name == "jz":
                depth = max(0, depth - 1)
        else:
            ops, depth = straight(rng, rng.randint(1, 4), cfg, depth)
            prog.extend(ops)
    m = len(prog)
    for i, op in enumerate(prog):
        if op[0] in ("jz", "jmp") and op[1] == 0:
            prog[i] = (op[0], rng.randint(1, m))
    return prog


def fmt(op):
    return " ".join(str(x) for x in op)


def main():
    seed = int(sys.argv[1])
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.3:
        n = rng.randint(1, 5)
    elif r < 0.8:
        n = rng.randint(6, 40)
    else:
        n = rng.randint(80, 100)
    base = ["push", "pop", "dup", "swap", "over", "add", "sub", "mul", "div", "mod", "print"]
    extra = rng.choice([[], ["print", "print"], ["div", "mod"], ["push", "push", "add"]])
    cfg = {
        "pool": base + extra,
        "safe": rng.choice([0.2, 0.5, 0.8]),
        "big": rng.choice([0.0, 0.1, 0.4, 0.7]),
        "loops": rng.choice([0.0, 0.1, 0.3]),
        "jumps": rng.choice([0.0, 0.0, 0.03, 0.08]),
        "err": rng.choice([0.0, 0.02, 0.1, 0.25]),
    }
    prog = None
    for attempt in range(200):
        cand = build(rng, n, cfg)[:max(n, 1)]
        cand = [op if not (op[0] in ("jz", "jmp") and op[1] > len(cand)) else (op[0], rng.randint(1, len(cand))) for op in cand]
        if run(cand) != "BIG":
            prog = cand
            break
        if attempt > 20:
            cfg["pool"] = [x for x in cfg["pool"] if x != "mul"]
    if prog is None:
        prog = [("push", 1), ("print",)]
    print(len(prog))
    for op in prog:
        print(fmt(op))


main()

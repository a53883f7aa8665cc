"""First-order mutants of a Python program, for near-miss wrong answers (equibench-oj).

Each mutant changes exactly one site of the source text (an operator swapped, a comparison made
strict or loose, an integer constant moved by one, a loop bound moved by one, `and`/`or` swapped)
and keeps the rest of the text byte for byte, comments and layout included, so that a mutant looks
like a submission and not like machine output. Sites come from the AST (positions are UTF-8 byte
offsets); each mutant is re-parsed and must differ from the original's AST (and from every
earlier mutant's).

Used through py_rename.py's "mutants" request. Whether a mutant is a wrong answer is decided by the
judge (running it), never here.
"""

import ast
import re

BINOP_SWAPS = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.Mult: ("*", "+"),
               ast.FloorDiv: ("//", "/"), ast.Mod: ("%", "//")}
CMP_SWAPS = {ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
             ast.Eq: ("==", "!="), ast.NotEq: ("!=", "==")}
AUG_SWAPS = {ast.Add: ("+=", "-="), ast.Sub: ("-=", "+=")}
OP_CHARS = set("=<>!*/+-%&|^~@")
LIMIT = 60


class Source:
    def __init__(self, text):
        self.text = text
        self.data = text.encode("utf-8")
        self.line_starts = [0]
        for i, b in enumerate(self.data):
            if b == 0x0A:
                self.line_starts.append(i + 1)

    def offset(self, line, col):
        return self.line_starts[line - 1] + col

    def start(self, node):
        return self.offset(node.lineno, node.col_offset)

    def end(self, node):
        return self.offset(node.end_lineno, node.end_col_offset)

    def replace(self, lo, hi, new):
        return (self.data[:lo] + new.encode("utf-8") + self.data[hi:]).decode("utf-8")


def find_token(src, lo, hi, token):
    """Byte offset of `token` as a whole operator (or word) in src.data[lo:hi], outside comments."""
    gap = src.data[lo:hi].decode("utf-8", "replace")
    gap = re.sub(r"#[^\n]*", lambda m: " " * len(m.group(0).encode("utf-8")), gap)
    word = token.isalpha()
    i = gap.find(token)
    while i >= 0:
        before = gap[i - 1] if i > 0 else " "
        after = gap[i + len(token)] if i + len(token) < len(gap) else " "
        if word:
            ok = not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_")
        else:
            ok = before not in OP_CHARS and after not in OP_CHARS
        if ok:
            return lo + len(gap[:i].encode("utf-8"))
        i = gap.find(token, i + 1)
    return None


def simple(node):
    return isinstance(node, (ast.Name, ast.Call, ast.Attribute, ast.Subscript, ast.Constant))


def sites(tree, src):
    """(lo, hi, replacement, operator, line, detail) for each mutation site, in source order."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
            old, new = BINOP_SWAPS[type(node.op)]
            at = find_token(src, src.end(node.left), src.start(node.right), old)
            if at is not None:
                out.append((at, at + len(old), new, "binop-swap", node.lineno, "%s -> %s" % (old, new)))
        elif isinstance(node, ast.Compare):
            prev = node.left
            for op, right in zip(node.ops, node.comparators):
                if type(op) in CMP_SWAPS:
                    old, new = CMP_SWAPS[type(op)]
                    at = find_token(src, src.end(prev), src.start(right), old)
                    if at is not None:
                        out.append((at, at + len(old), new, "compare-swap", node.lineno, "%s -> %s" % (old, new)))
                prev = right
        elif isinstance(node, ast.BoolOp):
            old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            at = find_token(src, src.end(node.values[0]), src.start(node.values[1]), old)
            if at is not None:
                out.append((at, at + len(old), new, "boolop-swap", node.lineno, "%s -> %s" % (old, new)))
        elif isinstance(node, ast.AugAssign) and type(node.op) in AUG_SWAPS:
            old, new = AUG_SWAPS[type(node.op)]
            at = find_token(src, src.end(node.target), src.start(node.value), old)
            if at is not None:
                out.append((at, at + len(old), new, "augassign-swap", node.lineno, "%s -> %s" % (old, new)))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            lo, hi = src.start(node), src.end(node)
            for delta in (1, -1):
                v = node.value + delta
                if v < 0:
                    continue
                out.append((lo, hi, str(v), "constant-change", node.lineno, "%d -> %d" % (node.value, v)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
              and node.args and not node.keywords and not isinstance(node.args[-1], ast.Constant)):
            bound = node.args[-1] if len(node.args) <= 2 else node.args[1]
            lo, hi = src.start(bound), src.end(bound)
            text = src.data[lo:hi].decode("utf-8")
            if not simple(bound):
                text = "(" + text + ")"
            for delta in ("+ 1", "- 1"):
                out.append((lo, hi, "%s %s" % (text, delta), "range-bound", node.lineno, "bound %s" % delta))
    out.sort(key=lambda s: (s[0], s[1], s[3], s[2]))
    return out


def shape(node):
    """A value equal for two trees exactly when their `ast.dump` strings are equal (node types,
    fields, constants by repr; positions left out), built without formatting any text."""
    if type(node) is list:
        return tuple([shape(x) for x in node])
    if isinstance(node, ast.AST):
        return (type(node),) + tuple([shape(getattr(node, f, None)) for f in node._fields])
    return repr(node)


def statement_span(stmt, src):
    """Byte span of a statement, its decorators included (a decorator precedes `def`'s position)."""
    lo = src.start(stmt)
    for d in getattr(stmt, "decorator_list", ()):
        lo = min(lo, src.start(d))
    return lo, src.end(stmt)


def edited_path(tree, src, lo, hi):
    """Path (field index, list index) from the module to the innermost statement whose span holds
    the edit [lo, hi)."""
    path = []
    node = tree
    while True:
        for fi, name in enumerate(node._fields):
            value = getattr(node, name, None)
            if type(value) is not list:
                continue
            hit = None
            for li, child in enumerate(value):
                if isinstance(child, ast.stmt):
                    a, b = statement_span(child, src)
                    if a <= lo and hi <= b:
                        hit = li
                        break
                elif isinstance(child, ast.excepthandler) or type(child).__name__ == "match_case":
                    if child_holds(child, src, lo, hi):
                        hit = li
                        break
            if hit is not None:
                path.append((fi, hit))
                node = value[hit]
                break
        else:
            return path


def child_holds(node, src, lo, hi):
    """Whether a statement of an except handler or match case's body holds the edit."""
    return any(a <= lo and hi <= b for a, b in (statement_span(s, src) for s in node.body))


def follow(tree, original, path, shift=0):
    """The node at `path` in `tree`, checked to line up with `original` along the way: the same
    node types, list lengths and statement lines (an edit never adds a line; `tree`'s lines are
    `shift` fewer when it was parsed from a part of the program); None otherwise."""
    node, twin = tree, original
    for fi, li in path:
        name = twin._fields[fi]
        if type(node) is not type(twin):
            return None
        mine, theirs = getattr(node, name, None), getattr(twin, name, None)
        if type(mine) is not list or len(mine) != len(theirs):
            return None
        for m, t in zip(mine, theirs):
            if type(m) is not type(t) or not same_lines(m, t, shift):
                return None
        node, twin = mine[li], theirs[li]
    return node if type(node) is type(twin) and same_lines(node, twin, shift) else None


def same_lines(node, twin, shift):
    if not hasattr(twin, "lineno"):
        return True
    return node.lineno + shift == twin.lineno and node.end_lineno + shift == twin.end_lineno


def replaced(key, path, inner):
    """`key` (a shape) with the shape at `path` replaced by `inner`."""
    if not path:
        return inner
    (fi, li), rest = path[0], path[1:]
    items = key[1 + fi]
    items = items[:li] + (replaced(items[li], rest, inner),) + items[li + 1:]
    return key[:1 + fi] + (items,) + key[2 + fi:]


def alone(tree, src):
    """Per top-level statement: its first and last line when no other statement shares a line
    with it (so its lines are its text alone), else None."""
    spans = [(src.data.count(b"\n", 0, statement_span(t, src)[0]) + 1, t.end_lineno)
             for t in tree.body]
    out = []
    for i, (first, last) in enumerate(spans):
        before = spans[i - 1][1] if i else 0
        after = spans[i + 1][0] if i + 1 < len(spans) else None
        out.append((first, last) if before < first and (after is None or last < after) else None)
    return out


def mutated_statement(code, original, path, lines):
    """The statement at `path` of `code`'s tree, parsing only the lines of the top-level statement
    that holds it when `lines` gives them (the other top-level statements are the original's text);
    None when it does not line up with the original's (the caller parses the whole program)."""
    if lines is None or not path:
        return None
    first, last = lines
    text = "\n".join(code.split("\n")[first - 1:last]) + "\n"
    try:
        body = ast.parse(text).body
    except (SyntaxError, ValueError):
        return None  # the whole program's parse decides, as it always did
    if len(body) != 1:
        return None
    fi, li = path[0]
    top = original.body[li]
    if original._fields[fi] != "body" or type(body[0]) is not type(top):
        return None
    return follow(body[0], top, path[1:], shift=first - 1)


def mutants(source):
    tree = ast.parse(source)
    src = Source(source)
    original = shape(tree)
    # A mutant changes one site, which lies inside one statement; the statements around it are the
    # original's text, parsed alike, so its shape is the original's with that statement's replaced
    # (checked to line up, else the whole tree's shape is taken), and only the top-level statement
    # holding the site is parsed again when no other shares its lines. A `__future__` import can
    # change how the rest parses: such a program is parsed whole.
    separable = alone(tree, src) if "__future__" not in source else [None] * len(tree.body)
    paths = {}
    seen = set()
    result = []
    for lo, hi, new, operator, line, detail in sites(tree, src):
        try:
            code = src.replace(lo, hi, new)
            if (lo, hi) not in paths:
                paths[(lo, hi)] = edited_path(tree, src, lo, hi)
            path = paths[(lo, hi)]
            lines = separable[path[0][1]] if path else None
            inner = mutated_statement(code, tree, path, lines)
            if inner is None:
                mutated = ast.parse(code)
                inner = follow(mutated, tree, path)
        except (SyntaxError, ValueError, UnicodeDecodeError):
            continue
        key = replaced(original, path, shape(inner)) if inner is not None else shape(mutated)
        if key == original or key in seen:
            continue
        seen.add(key)
        result.append({"code": code, "operator": operator, "line": line, "detail": detail})
        if len(result) >= LIMIT:
            break
    return result

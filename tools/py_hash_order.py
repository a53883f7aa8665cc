"""Can a program's behaviour depend on PYTHONHASHSEED? A conservative, syntactic answer for
equibench-oj (`{"op": "hash_order", "source": S}` of tools/py_rename.py).

Why: the build runs every program a second time under another hash seed so that no label rests
on one interpreter setting's set iteration order. That costs a third of an OJ build's runs, and
for most submissions it cannot find anything: the seed changes only the hashes of str, bytes,
memoryview and datetime objects (and of tuples and frozensets holding them), and in CPython 3.7+
those hashes reach behaviour only through
- the iteration order of sets and frozensets (iteration, repr, pop, list(), ties of sorted(), ...),
  including the sets that dict views' set operations (`d.keys() & e`) return;
- hash() / __hash__ themselves;
- reading the seed: os.environ, /proc/self/environ, sys.flags.hash_randomization, sys.hash_info;
- code we cannot see: eval/exec/compile, getattr and friends, modules outside the list below.
Dict order is insertion order whatever the hashes; ints and floats hash the same under any seed.

A program is hash-order free when none of these can occur, judged from its AST alone, refusing
whatever it cannot follow (a refusal only means the second-seed runs are made as before):
- no set display or comprehension, and no name `set`, `frozenset`, `hash`, `id` (addresses
  differ between interpreter processes too), nor any of the dynamic builtins;
- no attribute that is a dunder (`__hash__`, `__class__`, `__subclasses__`, ...), nor one naming
  the seed or a module table (`flags`, `hash_info`, `environ`, `getenv`, `modules`, ...), nor
  `attrgetter` / `methodcaller` (attribute access by string);
- `.keys()` / `.items()` only where the view is consumed at once as an iterable (a for loop, a
  comprehension, or an argument of list, sorted, len, ...), so no view reaches a set operation;
- `open` only as `open(0, ...)` (stdin), not to read /proc/self/environ;
- no string constant with a format field reaching an attribute (`"{0.flags}".format(sys)`);
- imports only of modules from SAFE_MODULES, none of whose functions returns a set or exposes
  hashes, and no `from M import *`.

Default reprs (`<map object at 0x...>`) print addresses, which differ between the two seeds'
worker processes: the driver treats an output holding " at 0x" as not free, whatever this says.
"""

import ast
import re

SAFE_MODULES = frozenset((
    "math", "itertools", "collections", "heapq", "bisect", "functools", "fractions", "decimal",
    "string", "operator", "copy", "array", "re", "sys", "io", "statistics", "typing",
))
DENIED_NAMES = frozenset((
    "set", "frozenset", "hash", "id", "eval", "exec", "compile", "getattr", "setattr", "delattr",
    "hasattr", "globals", "vars", "locals", "dir", "__import__", "breakpoint", "help", "memoryview",
))
# Dunder names a program may use: `if __name__ == "__main__"` and class-body `__slots__`.
ALLOWED_DUNDER_NAMES = frozenset(("__name__", "__slots__"))
DENIED_ATTRS = frozenset((
    "flags", "hash_info", "environ", "environb", "getenv", "modules", "stdlib_module_names",
    "builtin_module_names", "attrgetter", "methodcaller", "keys", "items", "orig_argv",
))
VIEW_METHODS = frozenset(("keys", "items"))
# Calls that consume an iterable argument into something that is not a set.
CONSUMERS = frozenset((
    "list", "sorted", "len", "tuple", "enumerate", "reversed", "max", "min", "sum", "zip", "any",
    "all", "dict", "map", "filter",
))
# A str.format field that reaches an attribute by name: "{0.flags}".format(sys).
FORMAT_ATTRIBUTE = re.compile(r"\{[^{}:!]*\.")


def is_view_call(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in VIEW_METHODS and not node.args and not node.keywords)


def consumed_views(tree):
    """The `.keys` / `.items` attribute nodes whose view is iterated at once."""
    safe = set()
    for node in ast.walk(tree):
        iters = []
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            iters.append(node.iter)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in CONSUMERS):
            iters.extend(node.args)
        for it in iters:
            if is_view_call(it):
                safe.add(id(it.func))
    return safe


def stdin_opens(tree):
    """The `open` name nodes called as `open(0, ...)`: reading stdin, not a path."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "open" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and type(first.value) is int and first.value == 0:
                found.add(id(node.func))
    return found


def hazard(source):
    """None when the program is hash-order free; else the first hazard found, as a short
    string (for the driver's logs)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError) as e:
        return "unparseable: %s" % type(e).__name__
    safe_views = consumed_views(tree)
    safe_opens = stdin_opens(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.SetComp)):
            return "set display"
        if isinstance(node, ast.Name):
            if node.id == "open" and id(node) not in safe_opens:
                return "open of a path"
            if node.id in DENIED_NAMES:
                return "name %s" % node.id
            if node.id.startswith("__") and node.id not in ALLOWED_DUNDER_NAMES:
                return "name %s" % node.id
        elif isinstance(node, ast.Attribute):
            if node.attr.startswith("__"):
                return "attribute %s" % node.attr
            if node.attr in DENIED_ATTRS and id(node) not in safe_views:
                return "attribute %s" % node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if FORMAT_ATTRIBUTE.search(node.value):
                return "format field with an attribute"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in SAFE_MODULES:
                    return "import %s" % alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module not in SAFE_MODULES:
                return "import from %s" % node.module
            for alias in node.names:
                if alias.name == "*" or alias.name in DENIED_NAMES \
                        or alias.name in DENIED_ATTRS or alias.name.startswith("__"):
                    return "import %s from %s" % (alias.name, node.module)
    return None

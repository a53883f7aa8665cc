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
- code we cannot see: eval/exec/compile, frames (whose f_builtins hand out `set` by a computed
  name), attribute access by string (getattr, str.format fields, string.Formatter), string
  annotations evaluated by typing.get_type_hints or functools.singledispatch.
Dict order is insertion order whatever the hashes; ints and floats hash the same under any seed.

A program is hash-order free when nothing in it can reach any of these. The check is an
ALLOW-LIST, judged from the AST alone; whatever it does not know is a hazard (a hazard only means
the second-seed runs are made as before):
- every name the program reads is one it binds itself or a builtin of ALLOWED_BUILTINS (so no
  `set`, `frozenset`, `hash`, `id`, `eval`, `getattr`, `vars`, `__builtins__`, ...);
- the program binds no builtin the check relies on (RELIED_BUILTINS: the consumers below and
  `open`): a program's own `max` or `tuple` is not the consumer the view rule assumes;
- every module imported is a key of ALLOWED_MODULES, and each of its attributes used (`m.attr`,
  `from m import attr`) is in that module's list: the attributes known not to expose hashing,
  frames, the environment or dynamic evaluation (not `sys._getframe`, `sys.exc_info`,
  `sys.flags`, `io.open`, `string.Formatter`, `typing.get_origin`, `typing.Set`,
  `typing.KeysView`, `typing.get_type_hints`, `functools.singledispatch`, `operator.attrgetter`,
  ...). A module's name is used only as `m.attr` (never as a value, which would let its other
  attributes be reached untracked) and is bound by nothing but its imports;
- no attribute of any object that is a dunder (`__hash__`, `__class__`, ...), reaches frames,
  code or tracebacks (FRAME_ATTRS: `gi_frame`, `tb_frame`, `f_builtins`, ...), or names the seed
  or a module table (DENIED_ATTRS);
- `.keys()` / `.items()` only where the view is consumed at once as an iterable (a for loop, a
  comprehension, or an argument of list, sorted, len, ...), so no view reaches a set operation;
- `.format` / `.format_map` only on a string literal, and no string literal with a format field
  reaching an attribute (`"{0.flags}"`): a format string built at run time can reach any attribute;
- `open` only as `open(0, ...)` (stdin), not to read /proc/self/environ;
- no set display or set comprehension.

Addresses differ between interpreter processes, and so between the two seeds' workers: the
driver treats an output holding a hexadecimal number (`0x` and a hex digit, as default reprs
print, whatever surrounds it) as not free, whatever this says.
"""

import ast
import re

# Modules a hash-order free program may import, each with the attributes it may use. Written out
# (not taken from dir()): a module's namespace also holds the modules it imported itself
# (`fractions.sys`), which would reach everything.
ALLOWED_MODULES = {
    "math": frozenset((
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "comb",
        "copysign", "cos", "cosh", "degrees", "dist", "e", "erf", "erfc", "exp", "exp2", "expm1",
        "fabs", "factorial", "floor", "fmod", "frexp", "fsum", "gamma", "gcd", "hypot", "inf",
        "isclose", "isfinite", "isinf", "isnan", "isqrt", "lcm", "ldexp", "lgamma", "log",
        "log10", "log1p", "log2", "modf", "nan", "nextafter", "perm", "pi", "pow", "prod",
        "radians", "remainder", "sin", "sinh", "sqrt", "tan", "tanh", "tau", "trunc", "ulp",
    )),
    "itertools": frozenset((
        "accumulate", "chain", "combinations", "combinations_with_replacement", "compress",
        "count", "cycle", "dropwhile", "filterfalse", "groupby", "islice", "pairwise",
        "permutations", "product", "repeat", "starmap", "takewhile", "tee", "zip_longest",
    )),
    # Not `abc` (KeysView, ItemsView and Set make sets); ChainMap iterates in dict order.
    "collections": frozenset((
        "Counter", "defaultdict", "deque", "OrderedDict", "namedtuple", "ChainMap",
    )),
    "heapq": frozenset((
        "heapify", "heappop", "heappush", "heappushpop", "heapreplace", "merge", "nlargest",
        "nsmallest",
    )),
    "bisect": frozenset((
        "bisect", "bisect_left", "bisect_right", "insort", "insort_left", "insort_right",
    )),
    # Not `singledispatch` (it evaluates string annotations through typing.get_type_hints).
    "functools": frozenset((
        "lru_cache", "cache", "reduce", "cmp_to_key", "partial", "total_ordering", "wraps",
        "update_wrapper",
    )),
    "fractions": frozenset(("Fraction",)),
    "decimal": frozenset((
        "Decimal", "getcontext", "setcontext", "localcontext", "Context", "ROUND_05UP",
        "ROUND_CEILING", "ROUND_DOWN", "ROUND_FLOOR", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN",
        "ROUND_HALF_UP", "ROUND_UP", "MAX_PREC", "MAX_EMAX", "MIN_EMIN", "MIN_ETINY",
        "InvalidOperation", "DivisionByZero", "Overflow", "Inexact", "Rounded",
    )),
    # Not `Formatter` or `Template` (fields and placeholders reach attributes and names).
    "string": frozenset((
        "ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits",
        "octdigits", "punctuation", "printable", "whitespace", "capwords",
    )),
    # Not `attrgetter` or `methodcaller` (attributes by string).
    "operator": frozenset((
        "abs", "add", "and_", "call", "concat", "contains", "countOf", "delitem", "eq",
        "floordiv", "ge", "getitem", "gt", "iadd", "iand", "iconcat", "ifloordiv", "ilshift",
        "imatmul", "imod", "imul", "index", "indexOf", "inv", "invert", "ior", "ipow",
        "irshift", "is_", "is_not", "isub", "itemgetter", "itruediv", "ixor", "le",
        "length_hint", "lshift", "lt", "matmul", "mod", "mul", "ne", "neg", "not_", "or_",
        "pos", "pow", "rshift", "setitem", "sub", "truediv", "truth", "xor",
    )),
    "copy": frozenset(("copy", "deepcopy")),
    "array": frozenset(("array", "typecodes")),
    "re": frozenset((
        "compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall",
        "finditer", "escape", "error", "A", "ASCII", "I", "IGNORECASE", "M", "MULTILINE", "S",
        "DOTALL", "X", "VERBOSE",
    )),
    "statistics": frozenset((
        "mean", "fmean", "geometric_mean", "harmonic_mean", "median", "median_low",
        "median_high", "median_grouped", "mode", "multimode", "pstdev", "pvariance", "stdev",
        "variance", "quantiles", "StatisticsError",
    )),
    # Not `_getframe`, `exc_info`, `exception`, `flags`, `hash_info`, `modules`, `orig_argv`...
    "sys": frozenset((
        "stdin", "stdout", "stderr", "setrecursionlimit", "getrecursionlimit", "exit",
        "maxsize", "set_int_max_str_digits", "get_int_max_str_digits", "float_info",
    )),
    # Not `open` or `FileIO` (paths: /proc/self/environ).
    "io": frozenset((
        "StringIO", "BytesIO", "TextIOWrapper", "BufferedReader", "BufferedWriter", "IOBase",
    )),
    # Not `get_origin`/`get_args` (hand out the set type), `Set`, `FrozenSet`, `AbstractSet`,
    # `MutableSet`, `KeysView`, `ItemsView` (make sets), `get_type_hints` (evaluates strings).
    "typing": frozenset((
        "Any", "Callable", "Deque", "DefaultDict", "Dict", "Final", "Generator", "Generic",
        "Iterable", "Iterator", "List", "Literal", "NamedTuple", "Optional", "Sequence",
        "Tuple", "TypeVar", "Union", "cast", "overload", "TYPE_CHECKING",
    )),
    "__future__": frozenset(("annotations",)),
}

# Builtins a hash-order free program may read. Not: set, frozenset, hash, id, memoryview (hashes,
# set order, addresses), eval, exec, compile, __import__, globals, locals, vars, dir, getattr,
# setattr, delattr, hasattr, breakpoint, help, license, aiter, anext, and every dunder but
# `__name__` (`__builtins__`, `__loader__`, ...). `open` is allowed only as open(0, ...).
ALLOWED_BUILTINS = frozenset((
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr",
    "classmethod", "complex", "dict", "divmod", "enumerate", "exit", "filter", "float", "format",
    "hex", "input", "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max",
    "min", "next", "object", "oct", "open", "ord", "pow", "print", "property", "quit", "range",
    "repr", "reversed", "round", "slice", "sorted", "staticmethod", "str", "sum", "super",
    "tuple", "type", "zip", "NotImplemented", "Ellipsis", "__name__", "__debug__",
    # Exceptions and warnings.
    "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
    "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
    "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError",
    "ConnectionResetError", "DeprecationWarning", "EOFError", "EncodingWarning",
    "EnvironmentError", "Exception", "ExceptionGroup", "FileExistsError", "FileNotFoundError",
    "FloatingPointError", "FutureWarning", "GeneratorExit", "IOError", "ImportError",
    "ImportWarning", "IndentationError", "IndexError", "InterruptedError", "IsADirectoryError",
    "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError",
    "NameError", "NotADirectoryError", "NotImplementedError", "OSError", "OverflowError",
    "PendingDeprecationWarning", "PermissionError", "ProcessLookupError", "RecursionError",
    "ReferenceError", "ResourceWarning", "RuntimeError", "RuntimeWarning",
    "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning", "SystemError",
    "SystemExit", "TabError", "TimeoutError", "TypeError", "UnboundLocalError",
    "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError", "UnicodeTranslateError",
    "UnicodeWarning", "UserWarning", "ValueError", "Warning", "ZeroDivisionError",
))
# Calls that consume an iterable argument into something that is not a set.
CONSUMERS = frozenset((
    "list", "sorted", "len", "tuple", "enumerate", "reversed", "max", "min", "sum", "zip", "any",
    "all", "dict", "map", "filter",
))
# Builtins whose meaning the rules rely on: a program may not bind these names (a view passed
# to a program's own `max` is not consumed; a program's own `open` is not the stdin reader).
RELIED_BUILTINS = CONSUMERS | {"open"}
# Dunder names a program may bind anywhere: `__slots__` (class bodies bind any `__` name).
ALLOWED_DUNDER_NAMES = frozenset(("__slots__",))
# Attributes (of any object) that reach frames, code objects or tracebacks: a frame's
# f_builtins hands out `set` under a computed name.
FRAME_ATTRS = frozenset((
    "gi_frame", "gi_code", "gi_yieldfrom", "cr_frame", "cr_code", "cr_await", "ag_frame",
    "ag_code", "ag_await", "tb_frame", "tb_next", "f_back", "f_builtins", "f_globals",
    "f_locals", "f_code", "co_consts", "co_names", "_getframe", "exc_info", "exception",
    "last_traceback", "with_traceback",
))
DENIED_ATTRS = frozenset((
    "flags", "hash_info", "environ", "environb", "getenv", "modules", "stdlib_module_names",
    "builtin_module_names", "attrgetter", "methodcaller", "keys", "items", "orig_argv",
    "format", "format_map", "get_field", "get_type_hints", "get_origin", "get_args",
)) | FRAME_ATTRS
VIEW_METHODS = frozenset(("keys", "items"))
FORMAT_METHODS = frozenset(("format", "format_map"))
# A str.format field that reaches an attribute by name: "{0.flags}".format(sys).
FORMAT_ATTRIBUTE = re.compile(r"\{[^{}:!]*\.")


class Hazard(Exception):
    pass


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


def literal_formats(tree):
    """The `.format` / `.format_map` attribute nodes called on a string literal whose fields
    reach no attribute: `'{} {:.3f}'.format(a, b)`."""
    safe = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in FORMAT_METHODS \
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) \
                and not FORMAT_ATTRIBUTE.search(node.value.value):
            safe.add(id(node))
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


def bound_names(tree):
    """Every name the program binds (any scope), except by `import`: assignment, loop, with and
    walrus targets, parameters, def and class names, except and match captures, global and
    nonlocal declarations."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif type(node).__name__ in ("MatchAs", "MatchStar") and getattr(node, "name", None):
            names.add(node.name)
        elif type(node).__name__ == "MatchMapping" and getattr(node, "rest", None):
            names.add(node.rest)
    return names


def dunder_binding(tree, parents):
    """A `__`-name the program binds other than as a method or attribute of a class (directly
    in a class body) or as `__slots__`, if any: a module-level `__builtins__` would change
    what every builtin name means."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name, owner = node.name, parents.get(id(node))
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            name, owner = node.id, None
            stmt = parents.get(id(node))
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                owner = parents.get(id(stmt))
        elif isinstance(node, ast.arg):
            name, owner = node.arg, None
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            name = next((n for n in node.names if n.startswith("__")), "")
            owner = None
        else:
            continue
        if name.startswith("__") and name not in ALLOWED_DUNDER_NAMES \
                and not isinstance(owner, ast.ClassDef):
            return name
    return None


def imports(tree):
    """({alias: module} of `import m [as a]`, {name bound by `from m import x [as y]`});
    raises Hazard for a module or name outside the allow-list."""
    modules, imported = {}, set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in ALLOWED_MODULES:
                    raise Hazard("import %s" % alias.name)
                name = alias.asname or alias.name
                if modules.setdefault(name, alias.name) != alias.name:
                    raise Hazard("%s names two modules" % name)
        elif isinstance(node, ast.ImportFrom):
            if node.level or node.module not in ALLOWED_MODULES:
                raise Hazard("import from %s" % node.module)
            for alias in node.names:
                if alias.name not in ALLOWED_MODULES[node.module]:
                    raise Hazard("import %s from %s" % (alias.name, node.module))
                imported.add(alias.asname or alias.name)
    clash = set(modules) & imported
    if clash:
        raise Hazard("%s is both a module and a name imported from one" % min(clash))
    return modules, imported


def check(tree):
    """Raise Hazard at the first thing the allow-list does not cover."""
    modules, imported = imports(tree)
    bound = bound_names(tree)
    for name in sorted(bound | imported | set(modules)):
        if name in RELIED_BUILTINS:
            raise Hazard("binds %s" % name)
        if name in modules and name in bound | imported:
            raise Hazard("binds module name %s" % name)
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    dunder = dunder_binding(tree, parents)
    if dunder:
        raise Hazard("binds %s" % dunder)
    safe_views = consumed_views(tree)
    safe_formats = literal_formats(tree)
    safe_opens = stdin_opens(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Set, ast.SetComp)):
            raise Hazard("set display")
        if isinstance(node, ast.Name):
            ident = node.id
            if ident in modules:
                parent = parents.get(id(node))
                if not (isinstance(parent, ast.Attribute) and parent.value is node):
                    raise Hazard("module %s used as a value" % ident)
                if parent.attr not in ALLOWED_MODULES[modules[ident]]:
                    raise Hazard("attribute %s of %s" % (parent.attr, modules[ident]))
                continue
            if ident == "open" and id(node) not in safe_opens:
                raise Hazard("open of a path")
            if ident not in bound and ident not in imported and ident not in ALLOWED_BUILTINS:
                raise Hazard("name %s" % ident)
        elif isinstance(node, ast.Attribute):
            attr = node.attr
            if attr.startswith("__"):
                raise Hazard("attribute %s" % attr)
            if attr in DENIED_ATTRS and id(node) not in safe_views \
                    and id(node) not in safe_formats:
                raise Hazard("attribute %s" % attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if FORMAT_ATTRIBUTE.search(node.value):
                raise Hazard("format field with an attribute")


def hazard(source):
    """None when the program is hash-order free; else the first hazard found, as a short
    string (for the driver's logs)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError) as e:
        return "unparseable: %s" % type(e).__name__
    try:
        check(tree)
    except Hazard as h:
        return str(h)
    return None

"""Identifier renaming, normalisation and alpha-equivalence checks for equibench-oj (OJ_V, OJ_VA).

A long-lived server: the driver (crates/equibench-oj/src/pytool.rs) starts it once with the project
virtualenv's Python and sends one JSON request per line; each answer is one JSON line.

  {"op": "normalize", "source": S}       -> {"ok": true, "code": ast.unparse(ast.parse(S))}
  {"op": "rename", "source": S}          -> {"ok": true, "code": renamed, "normalized": ..., "map": {old: new},
                                             "kept": {bound name not renamed: why}}
  {"op": "alpha", "a": A, "b": B}        -> {"ok": true, "equivalent": bool, "map": {...}, "reason": str}
  {"op": "mutants", "source": S}         -> {"ok": true, "mutants": [{"code", "operator", "line", "detail"}]}
  {"op": "hash_order", "source": S}      -> {"ok": true, "hazard": null | str}  (tools/py_hash_order.py)
  errors                                 -> {"ok": false, "error": str}

Renaming (EquiBench Figure 5 style, stdlib ast + symtable, no third-party code): every name the
program binds itself (assignment and loop targets, parameters, def and class names, except and
match captures, comprehension variables, global/nonlocal declarations) is renamed consistently,
program-wide, to var1, var2, ... / func1, ... / class1, ...; fresh names never collide with any
identifier or attribute of the program. Attributes (and so every name bound in a class body) and
string constants are never renamed. A renaming that changes nothing is refused ("no renamable
names" / "renaming changed nothing").

Soundness: renaming must not change what the program prints. Only identifiers change, so output
can change only where a program turns names into data; the renamer refuses the ways it cannot
follow and keeps the names the output may show (keeping a name is always safe).

Refused, with one message "reflection: uses H1, H2, ...: renaming could change what it sees"
(the driver sees it as "RenameError: reflection: ..."; make.rs counts it as
rename-refused-dynamic-names), for each hazard H found:
- the builtins dir, vars, globals, locals, eval, exec, __import__, compile, help, breakpoint when
  called, or loaded while the program binds no such name of its own (a variable named `dir` is
  fine);
- getattr/setattr/hasattr/delattr (and operator.attrgetter/methodcaller) with a name that is not
  a string literal, or used as a value: a computed name could spell `__dict__`, `__name__`, ...
  A literal name is read exactly as `o.name` would be and passes the same checks: attributes are
  never renamed, the main module object (whose attributes are the globals) is unreachable
  because every way to it is refused, and private names are handled below;
- attributes exposing namespaces, code, frames or source: __dict__, __code__, __globals__,
  __closure__, __annotations__, __kwdefaults__, __builtins__, __signature__,
  __getattribute__/__setattr__/__delattr__, f_locals/f_globals/f_code/f_back, tb_frame,
  gi_/cr_/ag_ frames and code, co_varnames/co_names/co_name/co_qualname/..., _getframe,
  get_type_hints, getsource, and attributes named eval/exec/globals/locals/__import__; sys.modules,
  sys.exc_info/exception/settrace/...; builtins.dir and the like;
- the names __file__, __loader__, __spec__, __builtins__, __annotations__, __cached__;
- every road to the program's own module object or to a name looked up by string: the name
  `__name__` anywhere but the `if __name__ == "__main__":` guard, any string or bytes literal
  containing `__main__` outside that guard (`"__main__:x"` for pkgutil.resolve_name,
  `"__main__.x"` for pydoc.locate or mock.patch, typing.ForwardRef(..., module="__main__")),
  the sys and builtins modules reached other than as `import sys` / `import builtins` used
  directly (`os.sys`, `x._sys`, `from os import sys`, `s = sys`, `f(sys)`), and the modules
  that resolve dotted names (importlib, pkgutil, pydoc, runpy, unittest, multiprocessing, ...);
- `from m import *` (the names it binds are unknown: a renamed local could capture their uses);
- modules that read frames, code, source or the main module or serialise objects by name
  (inspect, importlib, traceback, pickle, marshal, dis, logging, gc, timeit, __main__, ...);
- f-string `=` specifiers (f"{x=}" prints the expression's source text; the AST keeps it as a
  string, so the renamed text would still spell the old name);
- `**` in a call or class statement (f(**{'a': 1}), f(**kw)): parameters reached by string;
- a caught exception used other than by `raise` (`except E as e: print(e)`): messages such as
  "f() takes 1 positional argument" or "name 'x' is not defined" spell identifiers; and every
  other road by which an exception reaches program code or what Python writes to stderr
  becomes readable: an `__exit__`/`__aexit__` that reads its exception parameters,
  contextlib.ExitStack/AsyncExitStack (push, callback), sys.unraisablehook, sys.excepthook and
  threading.excepthook, asyncio (gather(return_exceptions=True)), sys.stderr assigned,
  contextlib.redirect_stderr, os.dup2;
- faulthandler, cgitb, bdb, rlcompleter (print or complete the names on the stack or in
  __main__);
- the program's own source: `open` (and io.open, os.open, FileIO, fdopen) of anything but the
  standard streams (0, 1, 2, /dev/stdin, /dev/stdout, /dev/stderr), pathlib, fileinput,
  tokenize, pyclbr and the like, other processes (subprocess, os.system, os.exec*, ...), and
  `import Main` (the program again, its globals as attributes);
- attributes reached by a string: a string literal with a format field reaching an attribute
  (`'{0.__class__}'`), `.format`/`.format_map` on a string not written as a literal (built at
  run time), string.Formatter.

Kept (not renamed), with the reason in "kept":
- builtins (even when rebound, because a module-level `input = input()` reads the builtin before
  binding the global), names bound by imports, names starting with `__` (dunder, or private and
  so mangled inside classes), names bound directly in a class body (they are attributes), and
  any name also used as a keyword argument (it may be a parameter name; `**` calls are refused);
- every function and class name when any `__name__` or `__qualname__` is read;
- every class name when a class object may be shown: type(x), __class__, __bases__, __mro__,
  mro(), __subclasses__, a bare super(), the first parameter of a classmethod, `__new__`,
  `__init_subclass__` or `__class_getitem__` used other than as `cls(...)` or `cls.attr`;
- every name an annotation mentions, inside string annotations too: annotations are data
  (dataclasses.fields(P)[0].type shows the class; functools.singledispatch and
  typing.get_type_hints look string annotations up by name);
- a class whose instances may show its name: one without a `__repr__` of its own (the default
  repr names it), or with a decorator or metaclass, or with a base class outside the program
  (Exception, Enum, NamedTuple, ...), or using private `__x` names (stored as `_Class__x`), or
  any class when the program reaches a __repr__/__str__/__format__ explicitly. Where instances
  flow is not tracked: any instance may be printed;
- a function or class whose object is used other than by calling it, as a base class, in
  isinstance/issubclass/super, an except clause, raise, a match class pattern, an annotation,
  as the key of sorted/min/max/sort/heapq/bisect, or as the function of map/filter/reduce/
  accumulate/cmp_to_key...: anywhere else (printed, stored, passed to defaultdict, a decorator
  other than lru_cache/cache/staticmethod/classmethod/property, threading.Thread...) its repr
  may be shown. Generator functions and coroutines also when their result is not iterated on
  the spot (the generator's repr shows the function name), a class with a method read without
  calling it (a bound method's repr shows the class), and the enclosing functions and classes of
  any of these, and of lambdas and generator expressions that may be shown (the qualified name
  `outer.<locals>.<lambda>` is in the repr).

Each rule has a program in crates/equibench-oj/tests/rename_hazards/, run by
crates/equibench-oj/tests/rename.rs against its renamed copy in the sandbox. The request field
"unchecked": true turns every rule above off (keeping only builtins, imports, `__` names and
class-body names); it exists for that suite only, to show each hazard program would otherwise
change output. What remains unproved: names reached through paths not listed here (a C
extension, a module not listed reading frames); the differential test of each renamed program
against its original on the pair's inputs (crates/equibench-oj/src/make.rs) is the second line.

Alpha-equivalence: the two ASTs must be identical except at identifier positions, where the
correspondence must be a bijection; attribute names and keyword names must be identical; and the
symbol tables must agree scope by scope (same kinds of symbols under the map).
"""

import ast
import builtins
import json
import os
import symtable
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import py_hash_order  # noqa: E402  (sibling module, same directory)
import py_mutate  # noqa: E402  (sibling module, same directory)

BUILTINS = set(dir(builtins))

# (node type, field) pairs whose value is an identifier (str) or a list of identifiers.
IDENT_FIELDS = {
    (ast.Name, "id"), (ast.arg, "arg"), (ast.FunctionDef, "name"), (ast.AsyncFunctionDef, "name"),
    (ast.ClassDef, "name"), (ast.Global, "names"), (ast.Nonlocal, "names"),
    (ast.ExceptHandler, "name"), (ast.alias, "name"), (ast.alias, "asname"),
    (ast.Attribute, "attr"), (ast.keyword, "arg"), (ast.ImportFrom, "module"),
}
for _t, _f in (("MatchAs", "name"), ("MatchStar", "name"), ("MatchMapping", "rest")):
    if hasattr(ast, _t):
        IDENT_FIELDS.add((getattr(ast, _t), _f))
# Identifier positions that renaming must leave alone (other namespaces).
FIXED_FIELDS = {(ast.Attribute, "attr"), (ast.keyword, "arg"), (ast.alias, "name"),
                (ast.alias, "asname"), (ast.ImportFrom, "module")}


class RenameError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Soundness: what renaming could change, and what is refused or kept because of it.
# ---------------------------------------------------------------------------------------------

# Builtins that reach names by string or show them: a program calling them is refused.
REFLECTIVE_CALLS = {"eval", "exec", "globals", "locals", "vars", "dir", "__import__", "compile",
                    "help", "breakpoint"}
# Builtins taking an attribute name as a string: fine with a literal name (checked like
# `o.name`), refused with a computed one.
BY_NAME_CALLS = {"getattr", "setattr", "hasattr", "delattr"}
# operator functions doing the same.
BY_NAME_LIB_CALLS = {"attrgetter", "methodcaller"}
# Attributes that expose names, frames, code objects or namespaces as data.
REFLECTIVE_ATTRS = {"eval", "exec", "globals", "locals", "__import__"} | {
    "__dict__", "__code__", "__globals__", "__closure__", "__annotations__", "__kwdefaults__",
    "__builtins__", "__signature__", "__text_signature__", "__getattribute__", "__setattr__",
    "__delattr__", "f_locals", "f_globals", "f_code", "f_back", "f_builtins", "tb_frame",
    "gi_frame", "gi_code", "cr_frame", "cr_code", "ag_frame", "ag_code", "co_varnames",
    "co_names", "co_name", "co_qualname", "co_cellvars", "co_freevars", "co_consts", "_getframe",
    "get_type_hints", "getsource",
}
# Module-level names that expose the program's own namespace or source text.
REFLECTIVE_NAMES = {"__file__", "__loader__", "__spec__", "__builtins__", "__annotations__",
                    "__cached__", "__dict__"}
# Attributes of `sys` that reach the main module, frames or caught exceptions.
SYS_REFLECTIVE = {"modules", "_getframe", "exc_info", "exception", "settrace", "setprofile",
                  "gettrace", "getprofile", "last_value", "last_traceback", "last_exc",
                  "last_type", "_current_frames"}
# Modules that read frames, code, source or the main module, serialise objects by name, or
# resolve dotted names to objects (`pkgutil.resolve_name("__main__:x")`, `pydoc.locate`,
# `importlib.import_module`, `unittest.mock.patch("__main__.x")`).
REFUSED_MODULES = {"__main__", "inspect", "importlib", "pickle", "marshal", "dis", "traceback",
                   "code", "codeop", "runpy", "pdb", "trace", "cProfile", "profile", "timeit",
                   "doctest", "gc", "ctypes", "logging", "linecache", "shelve", "copyreg",
                   "dill", "cloudpickle", "symtable", "pkgutil", "pydoc", "unittest",
                   "multiprocessing", "concurrent", "zipimport", "modulefinder", "site",
                   # Print or hand out the names on the stack, or exception objects (asyncio's
                   # gather(return_exceptions=True), Future.exception()).
                   "faulthandler", "cgitb", "bdb", "rlcompleter", "asyncio",
                   # Read source files (the program's own, whose names renaming changes) or
                   # run other processes that can (`cat Main.py`).
                   "pathlib", "fileinput", "tokenize", "pyclbr", "py_compile", "compileall",
                   "tabnanny", "subprocess", "pty",
                   # The program itself, imported again as a module: its globals become
                   # attributes (`Main.total`), which renaming does not follow.
                   "Main"}
# Names and attributes that hand exception objects (whose messages name functions and
# variables: "f() takes 1 positional argument", "cannot access local variable 'x'") or tracebacks
# to program code without an `except ... as`, send what Python writes to stderr where the
# program can read it, or reach attributes by a string the program builds (str.format fields).
EXCEPTION_ROADS = {"ExitStack", "AsyncExitStack", "excepthook", "unraisablehook",
                   "__excepthook__", "__unraisablehook__", "set_exception_handler",
                   "redirect_stderr", "dup2", "Formatter", "vformat", "get_field"}
# Attributes that, assigned, redirect what Python writes to stderr (tracebacks, warnings).
STDERR_ATTRS = {"stderr", "__stderr__"}
# Functions opening a file by path: a program may read its own source (`open("Main.py")`,
# `open(sys.argv[0])`). Allowed only on the standard streams.
OPEN_CALLS = {"open", "FileIO", "fdopen"}
STANDARD_STREAMS = {0, 1, 2, "/dev/stdin", "/dev/stdout", "/dev/stderr"}
# Functions running other programs (which can print the program's source).
PROCESS_ATTRS = {"system", "popen", "startfile", "posix_spawn", "posix_spawnp", "execv",
                 "execve", "execl", "execle", "execlp", "execlpe", "execvp", "execvpe",
                 "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp",
                 "spawnvpe"}
# Methods whose first parameter is the class object itself (its repr shows the class name).
CLASS_FIRST_PARAM = {"__new__", "__init_subclass__", "__class_getitem__"}
# A str.format field that reaches an attribute by name: "{0.__class__}".format(x).
FORMAT_ATTRIBUTE = py_hash_order.FORMAT_ATTRIBUTE
FORMAT_METHODS = {"format", "format_map"}
# Modules reached as an attribute of another module (`os.sys`, `collections._sys`) or imported
# from one (`from os import sys`): the road to sys.modules, builtins.__import__, ... that the
# `import sys` tracking does not see. Leading underscores are ignored.
MODULE_ATTRS = {"sys", "builtins", "importlib", "inspect", "pickle", "marshal", "gc", "pkgutil",
                "pydoc", "runpy", "traceback", "ctypes", "__main__"}
# Attributes whose value is a function's or class's name.
NAME_ATTRS = {"__name__", "__qualname__"}
# Attributes (and calls) giving a class object, whose repr shows the class name.
CLASS_OBJECT_ATTRS = {"__class__", "__bases__", "__base__", "__mro__", "mro", "__subclasses__"}
# Reaching these explicitly may call Python's default repr (which shows the class name).
DEFAULT_REPR_ATTRS = {"__repr__", "__str__", "__format__", "__reduce__", "__reduce_ex__"}
# Decorators that never show the function they wrap.
SAFE_DECORATORS = {"lru_cache", "cache", "staticmethod", "classmethod", "property", "setter",
                   "getter", "deleter"}
# Calls that use a function argument without showing it (builtins, or library names).
FUNCTION_CONSUMERS = {"map", "filter", "reduce", "accumulate", "starmap", "cmp_to_key",
                      "groupby", "takewhile", "dropwhile", "filterfalse"}
KEY_CALLS = {"sorted", "min", "max", "sort", "nlargest", "nsmallest", "merge", "bisect",
             "bisect_left", "bisect_right", "insort", "insort_left", "insort_right", "groupby"}
# Calls that iterate an iterable argument without showing the iterator object itself.
ITERABLE_CONSUMERS = {"sum", "min", "max", "any", "all", "list", "tuple", "set", "frozenset",
                      "sorted", "dict", "enumerate", "zip", "map", "filter", "next", "iter",
                      "bytes", "bytearray", "join", "extend", "update", "writelines",
                      "Counter", "deque", "OrderedDict", "defaultdict", "accumulate", "chain",
                      "product", "permutations", "combinations", "combinations_with_replacement",
                      "islice", "groupby", "starmap", "zip_longest", "compress", "takewhile",
                      "dropwhile", "filterfalse", "cycle", "tee", "pairwise", "heapify",
                      "from_iterable", "fsum", "prod", "nlargest", "nsmallest", "merge",
                      "mean", "median"}

REFUSAL_SUFFIX = ": renaming could change what it sees"
EXCEPTION_ROAD = " (hands exceptions, stderr or attributes by name to the program)"
STDERR_REPLACED = "sys.stderr replaced (tracebacks and warnings become readable)"
OPENS_A_FILE = "opens a file by path (the program's own source?)"


def is_dunder(name):
    return name.startswith("__") and name.endswith("__") and len(name) > 4


def is_private(name):
    """`__x`: mangled inside a class body, so never renamed (nor is any name starting `__`)."""
    return name.startswith("__")


def fstring_has_debug(text):
    """Does this source text of a (possibly implicitly concatenated) string literal contain an
    f-string replacement field with the `=` specifier (`f"{x=}"`)? Any scanning surprise counts
    as yes."""
    try:
        return _scan_literals(text, 0, len(text))
    except IndexError:
        return True


_PREFIXES = {"", "r", "u", "b", "br", "rb", "f", "fr", "rf"}


def _literal_at(text, i):
    """(prefix, quote, body start) if a string literal starts at i, else None."""
    j = i
    while j < len(text) and text[j].isalpha() and j - i < 2:
        j += 1
    prefix = text[i:j].lower()
    if prefix not in _PREFIXES or j >= len(text) or text[j] not in "'\"":
        return None
    quote = text[j] * 3 if text.startswith(text[j] * 3, j) else text[j]
    return prefix, quote, j + len(quote)


def _scan_literals(text, i, end):
    while i < end:
        c = text[i]
        if c == "#":
            while i < end and text[i] != "\n":
                i += 1
            continue
        lit = _literal_at(text, i) if (c.isalpha() or c in "'\"") else None
        if lit is None:
            i += 1
            continue
        found, i = _scan_body(text, lit)
        if found:
            return True
    return False


def _scan_body(text, lit):
    """Scan one literal's body; (found a debug specifier, index after the literal)."""
    prefix, quote, i = lit
    fmt = "f" in prefix
    while True:
        if text.startswith(quote, i):
            return False, i + len(quote)
        c = text[i]
        if c == "\\":
            # A backslash escapes a quote or a backslash even in a raw string; `\{` still opens
            # a field.
            i += 2 if text[i + 1] in quote + "\\" else 1
        elif fmt and c == "{":
            if text[i + 1] == "{":
                i += 2
            else:
                found, i = _scan_field(text, i + 1, quote)
                if found:
                    return True, i
        else:
            i += 1


def _scan_field(text, i, quote):
    """Scan a replacement field from just after its `{`; (debug specifier found, index after `}`)."""
    depth = 0
    while True:
        c = text[i]
        if c.isalpha() or c in "'\"":
            lit = _literal_at(text, i)
            if lit is not None and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
                found, i = _scan_body(text, lit)
                if found:
                    return True, i
                continue
            i += 1
        elif c in "([{":
            depth += 1
            i += 1
        elif c in ")]" or (c == "}" and depth > 0):
            depth -= 1
            i += 1
        elif c == "}":
            return False, i + 1
        elif depth == 0 and c == "=":
            if text[i + 1] == "=":
                i += 2
                continue
            prev = text[:i].rstrip()[-1:]
            if prev and prev in "=!<>":
                i += 1
                continue
            return True, i
        elif depth == 0 and c in "<>" and text[i + 1] == "=":
            i += 2
        elif depth == 0 and c == "!" and text[i + 1] == "=":
            i += 2
        elif depth == 0 and c in "!:":
            # Conversion and/or format spec: nested fields may follow, then the closing brace.
            i += 1
            while True:
                d = text[i]
                if d == "{":
                    found, i = _scan_field(text, i + 1, quote)
                    if found:
                        return True, i
                elif d == "}":
                    return False, i + 1
                elif text.startswith(quote, i):
                    raise IndexError("unterminated spec")
                else:
                    i += 1
        else:
            i += 1


class Program:
    """Facts about a parsed program that the soundness rules need."""

    def __init__(self, tree, source):
        self.tree, self.source = tree, source
        self.parent = {}
        self.chain = {}  # id(node) -> names of the enclosing def/class statements, outermost first
        self._link(tree, None, [])
        self.imported = set()
        self.sys_aliases, self.builtins_aliases = set(), set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for a in node.names:
                    self.imported.add((a.asname or a.name).split(".")[0])
                    if isinstance(node, ast.Import) and a.name == "sys":
                        self.sys_aliases.add(a.asname or "sys")
                    if isinstance(node, ast.Import) and a.name == "builtins":
                        self.builtins_aliases.add(a.asname or "builtins")
        # The `__name__` and `"__main__"` of `if __name__ == "__main__":` guards: the one use of
        # either that reaches no namespace.
        self.main_guard = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
                t = node.test
                sides = [t.left] + t.comparators
                if len(t.ops) == 1 and isinstance(t.ops[0], ast.Eq) and \
                        sorted(type(x).__name__ for x in sides) == ["Constant", "Name"]:
                    name = next(x for x in sides if isinstance(x, ast.Name))
                    const = next(x for x in sides if isinstance(x, ast.Constant))
                    if name.id == "__name__" and const.value == "__main__":
                        self.main_guard.update((id(name), id(const)))
        # Names the program binds itself (imports excepted).
        self.bound = {name for name, _ in binding_sites(tree)}
        self.defs, self.classes, self.methods, self.generators = {}, {}, {}, set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs.setdefault(node.name, []).append(node)
                if isinstance(node, ast.AsyncFunctionDef) or any(
                        isinstance(n, (ast.Yield, ast.YieldFrom)) for n in scope_nodes(node)):
                    self.generators.add(node.name)
            elif isinstance(node, ast.ClassDef):
                self.classes.setdefault(node.name, []).append(node)
                for stmt in node.body:
                    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.methods.setdefault(stmt.name, []).append(node)

    def _link(self, node, parent, chain):
        self.parent[id(node)] = parent
        self.chain[id(node)] = chain
        inner = chain
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            inner = chain + [node.name]
        for child in ast.iter_child_nodes(node):
            self._link(child, node, inner)

    def up(self, node):
        return self.parent.get(id(node))

    def builtin(self, node, names):
        """A Name that must be one of the builtins `names` (the program binds no such name)."""
        return isinstance(node, ast.Name) and node.id in names and node.id not in self.bound \
            and node.id not in self.imported

    def library(self, node, names):
        """A builtin, an imported name, or an attribute of an imported module, among `names`;
        or a method of that name that no class of the program defines."""
        if isinstance(node, ast.Name):
            return node.id in names and node.id not in self.bound
        if isinstance(node, ast.Attribute):
            return node.attr in names and node.attr not in self.methods
        return False

    def called(self, node):
        p = self.up(node)
        return isinstance(p, ast.Call) and p.func is node


def scope_nodes(fn):
    """Nodes of a function's own scope (not of nested functions, classes or lambdas)."""
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(n))


def in_annotation(prog, node):
    child, p = node, prog.up(node)
    while p is not None and not isinstance(p, ast.stmt):
        if isinstance(p, ast.arg) and p.annotation is child:
            return True
        child, p = p, prog.up(p)
    if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and p.returns is child:
        return True
    return isinstance(p, ast.AnnAssign) and p.annotation is child


def shown_safely(prog, node, as_iterable=False):
    """Is the object `node` evaluates to (a function, class, lambda, bound method; or, with
    `as_iterable`, a generator) used only where its repr and name cannot reach the output?"""
    p = prog.up(node)
    if as_iterable:
        if isinstance(p, ast.Starred) or isinstance(p, ast.YieldFrom):
            return True
        if isinstance(p, (ast.For, ast.AsyncFor, ast.comprehension)) and p.iter is node:
            return True
        return isinstance(p, ast.Call) and node in p.args and \
            prog.library(p.func, ITERABLE_CONSUMERS)
    if isinstance(p, ast.Call):
        if p.func is node:
            return True
        if node in p.args:
            if prog.builtin(p.func, {"isinstance", "issubclass", "super"}):
                return True
            return prog.library(p.func, FUNCTION_CONSUMERS)
        return False
    if isinstance(p, ast.keyword):
        call = prog.up(p)
        return p.arg in ("key", "func") and isinstance(call, ast.Call) and \
            prog.library(call.func, KEY_CALLS | FUNCTION_CONSUMERS)
    if isinstance(p, ast.Tuple):
        g = prog.up(p)
        if isinstance(g, ast.ExceptHandler) and g.type is p:
            return True
        return isinstance(g, ast.Call) and p in g.args and \
            prog.builtin(g.func, {"isinstance", "issubclass"})
    if isinstance(p, ast.ClassDef):
        return node in p.bases
    if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and node in p.decorator_list:
        return True  # the decorator is called; the decorated function is judged on its own
    if isinstance(p, ast.ExceptHandler):
        return p.type is node
    if isinstance(p, ast.Raise):
        return True  # a raised exception reaches stderr, or a handler (refused if it shows it)
    if hasattr(ast, "MatchClass") and isinstance(p, ast.MatchClass):
        return p.cls is node
    return in_annotation(prog, node)


def opens_standard_stream(prog, node):
    """Is `node` (the name or attribute of an open-like function) called on a standard stream,
    `open(0)`, `open(1, 'w')`, `open('/dev/stdin')`, and not on a path?"""
    call = prog.up(node)
    if not (isinstance(call, ast.Call) and call.func is node):
        return False
    first = call.args[0] if call.args else next(
        (k.value for k in call.keywords if k.arg in ("file", "fd")), None)
    return isinstance(first, ast.Constant) and type(first.value) in (int, str) \
        and first.value in STANDARD_STREAMS


def annotations(tree):
    """Every annotation expression of the program (parameters, returns, annotated assignments)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            yield node.annotation
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            yield node.returns
        elif isinstance(node, ast.AnnAssign):
            yield node.annotation


def annotation_names(expr):
    """The names an annotation mentions, including inside string annotations (`'Foo'`,
    `List['Node']`), which typing.get_type_hints and functools.singledispatch evaluate by name."""
    names = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                names |= annotation_names(ast.parse(node.value.strip(), mode="eval"))
            except (SyntaxError, ValueError, RecursionError):
                pass
    return names


def decorator_name(d):
    if isinstance(d, ast.Call):
        d = d.func
    if isinstance(d, ast.Name):
        return d.id
    if isinstance(d, ast.Attribute):
        return d.attr
    return None


class Hazards:
    """Refusals (reflection the renamer cannot follow) and kept names (names the output may show)."""

    def __init__(self, prog):
        self.prog = prog
        self.refused = set()
        self.kept = {}
        self.all_names = False  # some `__name__`/`__qualname__` is read
        self.all_classes = False  # some class object may be shown
        self.no_own_repr = False  # some code may reach a default repr explicitly

    def refuse(self, what):
        self.refused.add(what)

    def keep(self, name, why):
        self.kept.setdefault(name, why)

    def keep_with_chain(self, nodes, name, why):
        """Keep `name` and the names of the defs/classes enclosing it (they are in its qualname)."""
        self.keep(name, why)
        for node in nodes:
            for outer in self.prog.chain[id(node)]:
                self.keep(outer, "encloses %s, whose qualified name may be shown" % name)

    def attribute(self, attr, node, value=None, store=False):
        """`value.attr` (or getattr(value, 'attr')) is read (or, `store`, set) at `node`."""
        prog = self.prog
        if attr in REFLECTIVE_ATTRS:
            self.refuse("." + attr)
        if attr.lstrip("_") in MODULE_ATTRS or attr == "__main__":
            self.refuse("." + attr + " (a module reached through another)")
        if attr in NAME_ATTRS:
            self.all_names = True
        if attr in CLASS_OBJECT_ATTRS:
            self.all_classes = True
        if attr in DEFAULT_REPR_ATTRS:
            self.no_own_repr = True
        if isinstance(value, ast.Name) and value.id in prog.sys_aliases and attr in SYS_REFLECTIVE:
            self.refuse("sys." + attr)
        if isinstance(value, ast.Name) and value.id in prog.builtins_aliases and \
                attr in REFLECTIVE_CALLS | BY_NAME_CALLS:
            self.refuse("builtins." + attr)
        if attr in EXCEPTION_ROADS:
            self.refuse(attr + EXCEPTION_ROAD)
        if attr in PROCESS_ATTRS:
            self.refuse("." + attr + " (runs another program, which can read the source)")
        stored = store or (isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load))
        if attr in STDERR_ATTRS and stored:
            self.refuse(STDERR_REPLACED)
        if attr in OPEN_CALLS and attr not in prog.methods and isinstance(node, ast.Attribute) \
                and not opens_standard_stream(prog, node) and (
                    prog.called(node) or (isinstance(value, ast.Name) and value.id in prog.imported)):
            # Called on a path, or an imported module's opener taken as a value (`f = io.open`);
            # a data attribute named `open` (`self.open[i]`) opens nothing.
            self.refuse(OPENS_A_FILE)
        if attr in FORMAT_METHODS and attr not in prog.methods and isinstance(node, ast.Attribute) \
                and not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            self.refuse(".%s on a string built at run time (its fields reach attributes by name)"
                        % attr)
        if stored:
            return
        if attr in prog.methods and not prog.called(node) and not shown_safely(prog, node):
            for cls in prog.methods[attr]:
                self.keep_with_chain([cls], cls.name, "a bound method %s.%s may be shown"
                                     % (cls.name, attr))
        if attr in prog.methods and prog.called(node) and attr in prog.generators and \
                not shown_safely(prog, prog.up(node), as_iterable=True):
            for cls in prog.methods[attr]:
                self.keep_with_chain([cls], cls.name, "a generator %s.%s() may be shown"
                                     % (cls.name, attr))

    def by_name_call(self, call, fname):
        """getattr/setattr/hasattr/delattr/attrgetter/methodcaller with literal names."""
        args = call.args
        names = args[1:2] if fname in BY_NAME_CALLS else args[:1] if fname == "methodcaller" \
            else args
        if fname in BY_NAME_CALLS and len(args) < 2:
            self.refuse(fname + "() with a computed name")
            return
        for a in names:
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                for part in a.value.split("."):
                    self.attribute(part, call, args[0] if fname in BY_NAME_CALLS else None,
                                   store=fname in ("setattr", "delattr"))
            else:
                self.refuse(fname + "() with a computed name")

    def scan(self):
        prog = self.prog
        for node in ast.walk(prog.tree):
            if isinstance(node, ast.Name):
                self.name(node)
            elif isinstance(node, ast.Attribute):
                self.attribute(node.attr, node, node.value)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                self.imports(node)
            elif isinstance(node, ast.Call):
                if any(k.arg is None for k in node.keywords):
                    self.refuse("** keyword arguments")
                if prog.library(node.func, BY_NAME_LIB_CALLS) and (
                        isinstance(node.func, ast.Attribute) or node.func.id in prog.imported):
                    self.by_name_call(node, decorator_name(node.func))
                if isinstance(node.func, ast.Name) and node.func.id == "type" and len(node.args) == 1:
                    self.all_classes = True
            elif isinstance(node, ast.ClassDef) and any(k.arg is None for k in node.keywords):
                self.refuse("** keyword arguments")
            elif isinstance(node, ast.JoinedStr) and not isinstance(
                    prog.up(node), (ast.JoinedStr, ast.FormattedValue)):
                seg = ast.get_source_segment(prog.source, node)
                if seg is None or fstring_has_debug(seg):
                    self.refuse('f-string "=" specifier')
            elif isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
                marker = "__main__" if isinstance(node.value, str) else b"__main__"
                if marker in node.value and id(node) not in prog.main_guard:
                    self.refuse("a '__main__' literal (a name looked up by string)")
                if isinstance(node.value, str) and FORMAT_ATTRIBUTE.search(node.value):
                    self.refuse("a format field with an attribute (reached by name)")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(node)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Name) and sub.id == node.name and \
                            isinstance(sub.ctx, ast.Load) and not isinstance(prog.up(sub), ast.Raise):
                        self.refuse("a caught exception (its message may name identifiers)")
        self.functions_and_classes()

    def function(self, fn):
        """Parameters that receive what the program may show: `__exit__`'s exception (its message
        can name identifiers), a classmethod's or `__new__`'s class object (its repr names the
        class)."""
        params = [a.arg for a in fn.args.posonlyargs + fn.args.args + fn.args.kwonlyargs]
        params += [a.arg for a in (fn.args.vararg, fn.args.kwarg) if a is not None]
        if not params:
            return
        loads = [n for n in scope_nodes(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
        if fn.name in ("__exit__", "__aexit__"):
            if any(n.id in params[1:] for n in loads):
                self.refuse("an __exit__ that reads the exception (its message may name "
                            "identifiers)")
        elif fn.name in CLASS_FIRST_PARAM or any(
                decorator_name(d) == "classmethod" for d in fn.decorator_list):
            for n in loads:
                p = self.prog.up(n)
                if n.id == params[0] and not (
                        (isinstance(p, ast.Attribute) and p.value is n)
                        or (isinstance(p, ast.Call) and p.func is n)):
                    self.all_classes = True

    def name(self, node):
        prog = self.prog
        ident = node.id
        if ident in REFLECTIVE_NAMES:
            self.refuse(ident)
        if ident == "__name__" and id(node) not in prog.main_guard:
            self.refuse('__name__ other than in `if __name__ == "__main__"`')
        if ident in prog.sys_aliases | prog.builtins_aliases and ident not in prog.bound and \
                isinstance(node.ctx, ast.Load):
            p = prog.up(node)
            if not (isinstance(p, ast.Attribute) and p.value is node):
                self.refuse("the %s module used as a value" % (
                    "sys" if ident in prog.sys_aliases else "builtins"))
        if ident in REFLECTIVE_CALLS and (ident not in prog.bound or prog.called(node)):
            self.refuse(ident + "()")
        if ident in BY_NAME_CALLS and (ident not in prog.bound or prog.called(node)):
            if ident in prog.bound or not prog.called(node):
                self.refuse(ident + "() with a computed name")
            else:
                self.by_name_call(prog.up(node), ident)
        if ident in OPEN_CALLS and ident not in prog.bound and isinstance(node.ctx, ast.Load) \
                and not opens_standard_stream(prog, node):
            self.refuse(OPENS_A_FILE)
        if ident == "__qualname__":
            self.all_names = True
        if ident == "__class__":
            self.all_classes = True
        if ident == "super" and ident not in prog.bound:
            call = prog.up(node)
            if not (prog.called(node) and isinstance(prog.up(call), ast.Attribute)):
                self.all_classes = True

    def imports(self, node):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in REFUSED_MODULES:
                    self.refuse("import " + a.name)
            return
        module = (node.module or "").split(".")[0]
        if node.level == 0 and module in REFUSED_MODULES:
            self.refuse("from %s import" % node.module)
        for a in node.names:
            if a.name == "*":
                self.refuse("from %s import *" % (node.module or "."))
            elif a.name in REFLECTIVE_ATTRS | REFLECTIVE_CALLS | BY_NAME_CALLS or \
                    (module == "sys" and a.name in SYS_REFLECTIVE) or \
                    a.name.lstrip("_") in MODULE_ATTRS:
                self.refuse("from %s import %s" % (node.module, a.name))
            elif a.name in EXCEPTION_ROADS:
                self.refuse(a.name + EXCEPTION_ROAD)
            elif a.name in PROCESS_ATTRS:
                self.refuse("from %s import %s (runs another program)" % (node.module, a.name))
            elif a.name in OPEN_CALLS:
                self.refuse(OPENS_A_FILE)

    def functions_and_classes(self):
        prog = self.prog
        # Function and class objects used where their repr (which shows the name) may be shown.
        for node in ast.walk(prog.tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                ident = node.id
                nodes = prog.defs.get(ident, []) + prog.classes.get(ident, [])
                if not nodes:
                    continue
                if not shown_safely(prog, node):
                    self.keep_with_chain(nodes, ident, "its function or class object may be shown")
                elif ident in prog.generators and prog.called(node) and \
                        not shown_safely(prog, prog.up(node), as_iterable=True):
                    self.keep_with_chain(nodes, ident, "a generator or coroutine it makes may be shown")
            elif isinstance(node, (ast.Lambda, ast.GeneratorExp)) and prog.chain[id(node)]:
                lam = isinstance(node, ast.Lambda)
                if not shown_safely(prog, node, as_iterable=not lam) and \
                        not self.lambda_bound_safely(node):
                    for outer in prog.chain[id(node)]:
                        self.keep(outer, "encloses a %s that may be shown"
                                  % ("lambda" if lam else "generator expression"))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for d in node.decorator_list:
                    if isinstance(node, ast.ClassDef) or decorator_name(d) not in SAFE_DECORATORS:
                        self.keep_with_chain([node], node.name,
                                             "a decorator receives it and may show it")
        # Annotations are data: dataclasses.fields(P)[0].type shows the class, singledispatch and
        # typing.get_type_hints look string annotations up by name.
        for expr in annotations(prog.tree):
            for ident in annotation_names(expr):
                self.keep_with_chain(prog.defs.get(ident, []) + prog.classes.get(ident, []), ident,
                                     "appears in an annotation, which the program can read")
        for name, nodes in prog.classes.items():
            for node in nodes:
                why = self.class_repr_unsafe(node)
                if why:
                    self.keep_with_chain([node], name, why)
        if self.all_names:
            for name, nodes in list(prog.defs.items()) + list(prog.classes.items()):
                self.keep_with_chain(nodes, name, "a __name__ or __qualname__ is read")
        if self.all_classes:
            for name, nodes in prog.classes.items():
                self.keep_with_chain(nodes, name, "a class object (type(x), __class__) may be shown")

    def lambda_bound_safely(self, node):
        """`f = lambda ...` whose every use is a safe one."""
        p = self.prog.up(node)
        if not (isinstance(p, ast.Assign) and p.value is node and len(p.targets) == 1
                and isinstance(p.targets[0], ast.Name)):
            return False
        target = p.targets[0].id
        return all(shown_safely(self.prog, n) for n in ast.walk(self.prog.tree)
                   if isinstance(n, ast.Name) and n.id == target and isinstance(n.ctx, ast.Load))

    def class_repr_unsafe(self, node):
        """Why instances of this class may show its name (None if they cannot)."""
        prog = self.prog
        private = any(is_private(n) and not is_dunder(n) for n in all_identifiers(node))
        if private:
            return "its private names are mangled with the class name"
        own = {s.name for s in node.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for s in node.body:
            if isinstance(s, (ast.Assign, ast.AnnAssign)):
                targets = s.targets if isinstance(s, ast.Assign) else [s.target]
                own.update(t.id for t in targets if isinstance(t, ast.Name))
        if "__repr__" not in own:
            return "it has no __repr__ of its own: the default repr of its instances shows the name"
        if node.decorator_list or node.keywords:
            return "a decorator or metaclass may give it a repr"
        for b in node.bases:
            if not (isinstance(b, ast.Name) and (b.id in prog.classes or prog.builtin(b, {"object"}))):
                return "a base class outside the program may give it a repr or str"
        if self.no_own_repr:
            return "the program calls a __repr__/__str__/__format__ explicitly"
        return None

    def refusal(self):
        if not self.refused:
            return None
        return "reflection: uses %s%s" % (", ".join(sorted(self.refused)), REFUSAL_SUFFIX)


def all_identifiers(tree):
    names = set()
    for node in ast.walk(tree):
        for (typ, field) in IDENT_FIELDS:
            if isinstance(node, typ):
                v = getattr(node, field, None)
                if isinstance(v, str):
                    names.add(v)
                elif isinstance(v, list):
                    names.update(x for x in v if isinstance(x, str))
    return names


def ordered_nodes(node):
    """Nodes in source order (fields in definition order, depth first)."""
    yield node
    for _, value in ast.iter_fields(node):
        if isinstance(value, list):
            for item in value:
                if isinstance(item, ast.AST):
                    yield from ordered_nodes(item)
        elif isinstance(value, ast.AST):
            yield from ordered_nodes(value)


def binding_sites(tree):
    """(name, kind) for every binding in source order; kind is var, func or class."""
    out = []
    for node in ordered_nodes(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.append((node.id, "var"))
        elif isinstance(node, ast.arg):
            out.append((node.arg, "var"))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.name, "func"))
        elif isinstance(node, ast.ClassDef):
            out.append((node.name, "class"))
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.append((node.name, "var"))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            out.extend((n, "var") for n in node.names)
        elif hasattr(ast, "MatchAs") and isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            out.append((node.name, "var"))
        elif hasattr(ast, "MatchMapping") and isinstance(node, ast.MatchMapping) and node.rest:
            out.append((node.rest, "var"))
    return out


def preserved_names(tree, keywords=True):
    """Names kept whatever the program does: {name: why}."""
    keep = {name: "builtin" for name in BUILTINS}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for a in node.names:
                keep.setdefault((a.asname or a.name).split(".")[0], "imported")
        elif isinstance(node, ast.keyword) and node.arg and keywords:
            keep.setdefault(node.arg, "used as a keyword argument (it may be a parameter name)")
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:
                for sub in ast.walk(stmt):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        keep.setdefault(sub.id, "bound in a class body (an attribute)")
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    keep.setdefault(stmt.name, "bound in a class body (an attribute)")
    return keep


def rename_tree(tree, source, checked=True):
    """Rename `tree` in place; (tree, {old: new}, {kept bound name: why}).

    With `checked` false, the soundness rules are off (no refusals; only builtins, imports,
    dunder and private names and class-body names are kept): the hazard tests use it to show that
    each hazard program would change output without them."""
    used = all_identifiers(tree)
    keep = preserved_names(tree, keywords=checked)
    if checked:
        hazards = Hazards(Program(tree, source))
        hazards.scan()
        refusal = hazards.refusal()
        if refusal:
            raise RenameError(refusal)
        for name, why in hazards.kept.items():
            keep.setdefault(name, why)
    mapping = {}
    counters = {"var": 0, "func": 0, "class": 0}
    kinds = {}
    kept = {}
    for name, kind in binding_sites(tree):
        if is_private(name):
            kept[name] = "a dunder or private name"
            continue
        if name in keep:
            kept[name] = keep[name]
            continue
        # A name bound both as a function and as a variable is a variable.
        if kinds.get(name) == "func" and kind == "var":
            kinds[name] = "var"
        kinds.setdefault(name, kind)
    for name, _ in binding_sites(tree):
        if name not in kinds or name in mapping:
            continue
        kind = kinds[name]
        while True:
            counters[kind] += 1
            fresh = "%s%d" % (kind, counters[kind])
            if fresh not in used:
                break
        mapping[name] = fresh
    if not mapping:
        raise RenameError("no renamable names: the renamed program would not differ")

    for node in ast.walk(tree):
        for (typ, field) in IDENT_FIELDS:
            if (typ, field) in FIXED_FIELDS or not isinstance(node, typ):
                continue
            v = getattr(node, field, None)
            if isinstance(v, str) and v in mapping:
                setattr(node, field, mapping[v])
            elif isinstance(v, list):
                setattr(node, field, [mapping.get(x, x) if isinstance(x, str) else x for x in v])
    return tree, mapping, kept


def normalize(source):
    return ast.unparse(ast.parse(source)) + "\n"


def rename(source, checked=True):
    tree = ast.parse(source)
    normalized = ast.unparse(tree) + "\n"
    renamed_tree, mapping, kept = rename_tree(ast.parse(source), source, checked)
    code = ast.unparse(renamed_tree) + "\n"
    if code == normalized:
        raise RenameError("renaming changed nothing")
    ok, reason, _ = alpha_equivalent(normalized, code)
    if not ok:
        raise RenameError("renamed program is not alpha-equivalent: " + reason)
    return {"code": code, "normalized": normalized, "map": mapping, "kept": kept}


class Mismatch(Exception):
    pass


def compare_trees(a, b, pairs, path="module"):
    if type(a) is not type(b):
        raise Mismatch("%s: %s vs %s" % (path, type(a).__name__, type(b).__name__))
    if isinstance(a, ast.AST):
        for field in a._fields:
            va, vb = getattr(a, field, None), getattr(b, field, None)
            key = next(((t, f) for (t, f) in IDENT_FIELDS if f == field and isinstance(a, t)), None)
            where = "%s.%s" % (path, field)
            if key is not None:
                fixed = key in FIXED_FIELDS
                la = va if isinstance(va, list) else [va]
                lb = vb if isinstance(vb, list) else [vb]
                if len(la) != len(lb):
                    raise Mismatch(where + ": different number of names")
                for x, y in zip(la, lb):
                    if (x is None) != (y is None):
                        raise Mismatch(where + ": name present on one side only")
                    if x is None:
                        continue
                    if fixed:
                        # Attributes, keywords and imported names are another namespace: they
                        # must be equal and say nothing about the renaming of variables.
                        if x != y:
                            raise Mismatch("%s: %r vs %r may not be renamed" % (where, x, y))
                        continue
                    pairs.append((x, y, where))
            else:
                compare_trees(va, vb, pairs, where)
    elif isinstance(a, list):
        if len(a) != len(b):
            raise Mismatch("%s: %d vs %d items" % (path, len(a), len(b)))
        for i, (x, y) in enumerate(zip(a, b)):
            compare_trees(x, y, pairs, "%s[%d]" % (path, i))
    else:
        if a != b or type(a) is not type(b):
            raise Mismatch("%s: %r vs %r" % (path, a, b))


def symtable_shape(table, mapping):
    """Per scope: the sorted (mapped name, flags) of its symbols, and its children."""
    syms = []
    for s in table.get_symbols():
        flags = (s.is_parameter(), s.is_global(), s.is_declared_global(), s.is_local(),
                 s.is_free(), s.is_imported(), s.is_assigned(), s.is_referenced(), s.is_nonlocal())
        syms.append((mapping.get(s.get_name(), s.get_name()), flags))
    name = table.get_name()
    if table.get_type() != "module" and name not in SYNTHETIC_SCOPES:
        name = mapping.get(name, name)
    return (table.get_type(), name, sorted(syms),
            [symtable_shape(c, mapping) for c in table.get_children()])


# Names symtable gives to scopes that have none in the source.
SYNTHETIC_SCOPES = {"top", "lambda", "listcomp", "setcomp", "dictcomp", "genexpr"}


def alpha_equivalent(a_src, b_src):
    """(equivalent, reason, map) for two programs."""
    try:
        ta, tb = ast.parse(a_src), ast.parse(b_src)
    except SyntaxError as e:
        return False, "does not parse: %s" % e, {}
    pairs = []
    try:
        compare_trees(ta, tb, pairs)
    except Mismatch as m:
        return False, "ASTs differ at " + str(m), {}
    forward, backward = {}, {}
    for x, y, where in pairs:
        if forward.setdefault(x, y) != y:
            return False, "%s is renamed to both %s and %s (%s)" % (x, forward[x], y, where), {}
        if backward.setdefault(y, x) != x:
            return False, "%s and %s both become %s (%s)" % (backward[y], x, y, where), {}
    mapping = {x: y for x, y in forward.items() if x != y}
    try:
        sa = symtable_shape(symtable.symtable(a_src, "a", "exec"), mapping)
        sb = symtable_shape(symtable.symtable(b_src, "b", "exec"), {})
    except SyntaxError as e:
        return False, "symbol table: %s" % e, mapping
    if sa != sb:
        return False, "symbol tables differ under the map", mapping
    return True, "same AST up to a bijective renaming of %d names; symbol tables agree" % len(mapping), mapping


def handle(req):
    op = req.get("op")
    if op == "normalize":
        return {"ok": True, "code": normalize(req["source"])}
    if op == "rename":
        return dict(ok=True, **rename(req["source"], checked=not req.get("unchecked", False)))
    if op == "alpha":
        ok, reason, mapping = alpha_equivalent(req["a"], req["b"])
        return {"ok": True, "equivalent": ok, "reason": reason, "map": mapping}
    if op == "mutants":
        return {"ok": True, "mutants": py_mutate.mutants(req["source"])}
    if op == "hash_order":
        return {"ok": True, "hazard": py_hash_order.hazard(req["source"])}
    return {"ok": False, "error": "unknown op %r" % op}


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            resp = handle(json.loads(line))
        except (RenameError, SyntaxError, ValueError, KeyError, RecursionError, TypeError) as e:
            resp = {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

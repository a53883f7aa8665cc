"""Pre-forked judge worker for equibench-oj.

Runs inside the equibench sandbox (its own directory, process group, unprivileged uid when the
driver is root). It starts once, imports only the standard library, and then serves run requests
from the driver over stdin/stdout, forking a child per request (or per batch of inputs, below) so
that a submission pays for a fork (~1 ms) instead of an interpreter start (~20-120 ms).

Protocol (binary-safe, one request at a time):
  request:  one JSON line {"code_len", "input_len", "cpu_s", "wall_ms", "mem_bytes", "out_cap",
            "argv"} followed by code_len bytes of source and input_len bytes of stdin;
  response: one JSON line {"status": "exited"|"signaled"|"timeout"|"cpu"|"output", "code",
            "signal", "cpu_ms", "wall_ms", "rss_kb", "stdout_len", "stderr_len"} followed by the
            captured stdout and stderr bytes.

Batch requests: the JSON line has "input_lens" (a list) instead of "input_len", followed by the
code and the inputs back to back, and optionally "argvs" (one argv per input, instead of "argv")
and "stop_at_limit" (answer no input after the first run that meets its CPU or wall limit); the
response is one response as above per input answered, in order. A
batch runs in as few forked children as the runs allow (see `serve_batch`): a child runs its inputs
one after another, each as a fresh `__main__` in its own fresh directory under its own CPU timer
and memory headroom, and retires (the rest go to a new child) after any run that did not exit 0
or that left the interpreter in a state a fresh fork would not have (`Pristine`). A crash, signal
or timeout during a run is that run's ending; nothing carries over to the next input.

The child gets a fresh directory (or one a run of the same program left as it found it), its own
process group, rlimits (CPU, address space, file size, no core), stdin/stdout/stderr on memfds,
fresh `sys.std*` objects, and runs the submission as `python3 Main.py` would: as a fresh module
object named `__main__`, registered in `sys.modules['__main__']`, whose `__dict__` is the
program's global namespace, with `__file__`
the absolute path of Main.py in its directory (written there), `__loader__`, `__spec__`,
`__cached__`, `__doc__`, `__package__` and `__annotations__` as CPython sets them, `sys.argv[0]`
"Main.py" and `sys.path[0]` the directory. So a program that inspects its own module (through
`sys.modules`, `__import__('__main__')`, ...) sees itself, not the worker. It never shares the
worker's pipes. Nothing of the submission runs in the worker.
"""

import atexit
import builtins
import dis
import gc
import hashlib
import importlib.machinery
import io
import json
import operator
import os
import resource
import select
import shutil
import signal
import sys
import tempfile
import time
import traceback
import types

# Modules submissions commonly import, loaded once here so that the import in a child is a
# dictionary lookup (a module a batched run imports retires its child: see `Pristine`).
# `random` is not imported for its own sake (its state would be shared by every fork), though
# `statistics` and `tempfile` load it. `threading`: `threading.Thread(target=main).start()` is
# a common idiom for deep recursion.
for _name in ("math", "itertools", "collections", "heapq", "bisect", "functools", "re",
              "fractions", "decimal", "string", "operator", "copy", "statistics", "array",
              "threading"):
    try:
        __import__(_name)
    except ImportError:
        pass

STDERR_CAP = 8192
COMPILED = {}


def read_exact(stream, n):
    chunks = []
    while n > 0:
        b = stream.read(n)
        if not b:
            raise EOFError
        chunks.append(b)
        n -= len(b)
    return b"".join(chunks)


def compile_cached(code):
    """(True, (code object, reach)) or (False, the SyntaxError as the interpreter prints it);
    `reach` is what `program_reach` says of the code."""
    key = hashlib.sha256(code).digest()
    if key not in COMPILED:
        if len(COMPILED) > 512:
            COMPILED.clear()
        try:
            code_obj = compile(code, "Main.py", "exec", dont_inherit=True)
            COMPILED[key] = (True, (code_obj, program_reach(code_obj)))
        except (SyntaxError, ValueError) as e:
            COMPILED[key] = (False, "".join(traceback.format_exception_only(type(e), e)))
    return COMPILED[key]


# --- what a run can leave behind for the next run of a batch ------------------------------------

# A program whose code names any of these can change interpreter state that the checks after a
# batched run (`Pristine`) do not see: function internals and namespaces other than modules'
# (`f.__defaults__`, `f.__dict__`), frames and tracebacks (the worker's own globals), dynamic
# code (whose names are not in the program's code), object graphs reached by address or
# reference (`ctypes`, `gc`), and registries kept in C (codecs, audit hooks, fork handlers,
# the C environment). Each of its runs gets a fresh child.
HIDDEN_STATE_NAMES = frozenset((
    "__dict__", "__defaults__", "__kwdefaults__", "__code__", "__globals__", "__closure__",
    "cell_contents", "__setattr__", "__delattr__", "__traceback__", "__builtins__",
    "setattr", "delattr", "exec", "eval", "compile", "__import__", "_getframe", "exc_info",
    "f_back", "f_globals", "f_locals", "f_builtins", "tb_frame", "gi_frame", "cr_frame",
    "ag_frame", "ctypes", "gc", "codecs", "copyreg", "pickle", "marshal", "importlib",
    "faulthandler", "addaudithook", "putenv", "unsetenv", "setdlopenflags",
    "set_asyncgen_hooks", "set_coroutine_origin_tracking_depth", "set_wakeup_fd",
    "register_at_fork", "_thread", "atexit",
))
class Reach:
    """What a program's code can touch beyond its own namespace: `hidden` (it names something in
    HIDDEN_STATE_NAMES, or stores a dunder attribute: `obj.__class__ = X`), `stores` (it sets or
    deletes attributes, which may be attributes of library classes and objects)."""

    __slots__ = ("hidden", "stores")

    def __init__(self, hidden, stores):
        self.hidden, self.stores = hidden, stores


ATTR_WRITES = (dis.opmap["STORE_ATTR"], dis.opmap["DELETE_ATTR"])
EXTENDED_ARG = dis.opmap["EXTENDED_ARG"]


def program_reach(code_obj):
    """The `Reach` of a compiled program, from its bytecode (every nested code object): the
    names it uses, and the attribute stores and deletions with the names they set."""
    hidden = stores = False
    todo = [code_obj]
    while todo:
        c = todo.pop()
        if HIDDEN_STATE_NAMES.intersection(c.co_names):
            hidden = True
        code = c.co_code
        ops = code[::2]
        if ATTR_WRITES[0] in ops or ATTR_WRITES[1] in ops:
            stores = True
            ext = 0
            for i in range(0, len(code), 2):
                op, arg = code[i], code[i + 1] | ext
                ext = arg << 8 if op == EXTENDED_ARG else 0
                if op in ATTR_WRITES and c.co_names[arg].startswith("__"):
                    hidden = True
        todo.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return Reach(hidden, stores)


def set_limit(which, value):
    """Lower a limit, never above the hard limit the sandbox gave the worker."""
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def recursion_remaining_cell():
    """A ctypes view of this thread's `recursion_remaining` (CPython 3.11's PyThreadState starts
    prev, next, interp, _initialized, _static, recursion_remaining, recursion_limit), or None
    where that cannot be read: checked by a probe (the limit field must follow setrecursionlimit,
    the remaining count must fall by one a frame). Forked children share the main thread's
    state's address."""
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return None
    try:
        import ctypes
    except ImportError:
        return None
    get = ctypes.pythonapi.PyThreadState_Get
    get.restype = ctypes.c_void_p
    base = get() + 3 * ctypes.sizeof(ctypes.c_void_p) + 2 * ctypes.sizeof(ctypes.c_int)
    remaining = ctypes.c_int.from_address(base)
    limit = ctypes.c_int.from_address(base + ctypes.sizeof(ctypes.c_int))
    old = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(old + 7)
        here = remaining.value

        def deeper():
            return remaining.value

        ok = limit.value == old + 7 and deeper() == here - 1 and remaining.value == here
    finally:
        sys.setrecursionlimit(old)
    return remaining if ok else None


RECURSION_REMAINING = recursion_remaining_cell()
# `limit - recursion_remaining` in the module frame of `python3 Main.py` (CPython 3.11: the
# evaluation loop's entry counts one; measured with the cell above in a script's module frame).
TOP_LEVEL_DEPTH = 1
# What `run_program`'s call of `exec` costs the count beyond that: the call of a builtin counts
# one more or not depending on how the adaptive interpreter has specialised the call site, so it
# is measured once the call site is warm (`calibrate`), before any child is forked.
EXEC_EXTRA = 0


def as_top_level():
    """Make the caller's frame count as the bottom of the stack, so that the program it then
    `exec`s has the recursion budget of `python3 Main.py`'s module frame (TOP_LEVEL_DEPTH): the
    worker's own frames (module, main, serve_*, child, run_program) are taken out of the count,
    and `sys.getrecursionlimit()` still says what the program set (issue 37: a recursion 994-998
    deep without setrecursionlimit worked under `python3 Main.py` and failed here). Where the
    count cannot be reached, the limit is raised by their number instead."""
    limit = sys.getrecursionlimit()
    if RECURSION_REMAINING is not None:
        # This function's own frame gives its one back on return.
        RECURSION_REMAINING.value = limit - 1 + EXEC_EXTRA
        return
    depth, frame = 0, sys._getframe(1)
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    sys.setrecursionlimit(limit + depth)


def run_program(code_obj, namespace):
    """Run a program's module code in `namespace` at the recursion depth of `python3 Main.py`:
    one call site for single and batched runs, warmed up and measured by `calibrate`."""
    as_top_level()
    exec(code_obj, namespace)


def calibrate():
    """Warm `run_program`'s call of `exec` up until the adaptive interpreter has specialised it
    (the depth it reports no longer changes) and set EXEC_EXTRA from the depth a module frame
    then has. None where the count cannot be read."""
    global EXEC_EXTRA
    if RECURSION_REMAINING is None:
        return
    probe = compile("seen = sys.getrecursionlimit() - cell.value", "probe", "exec")
    ns = {"cell": RECURSION_REMAINING, "sys": sys}
    seen = []
    for _ in range(CALIBRATION_RUNS):
        run_program(probe, ns)
        seen.append(ns["seen"])
    # The last half must agree: a call site still changing is no base for the count.
    settled = seen[len(seen) // 2:]
    if len(set(settled)) == 1:
        EXEC_EXTRA = settled[0] - TOP_LEVEL_DEPTH


CALIBRATION_RUNS = 400
calibrate()


def child(code_obj, req, run_dir, fds, argv):
    """In the forked child: never returns."""
    status = 1
    try:
        os.setpgid(0, 0)
        os.chdir(run_dir)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        cpu = max(1, int(req["cpu_s"]))
        set_limit(resource.RLIMIT_CPU, cpu)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # One byte more than the cap, so that reaching the file size limit means "over the cap"
        # (Python ignores SIGXFSZ: a write past the limit fails with EFBIG instead; the limit
        # holds for memfds as for files).
        cap = int(req["out_cap"]) + 1
        set_limit(resource.RLIMIT_FSIZE, cap)
        mem = int(req["mem_bytes"])
        if mem > 0:
            set_limit(resource.RLIMIT_AS, mem)
        std_streams()
        sys.argv = program_argv(argv)
        sys.path[0] = run_dir
        sys.setrecursionlimit(1000)
        main = fresh_main_module(os.path.join(run_dir, "Main.py"))
        try:
            run_program(code_obj, main.__dict__)
            status = 0
        except SystemExit as e:
            status = exit_status(e)
        except BaseException:
            traceback.print_exc()
            status = 1
        status = exit_like_the_interpreter(status)
    finally:
        os._exit(status)


def program_argv(argv):
    """`sys.argv` of `python3 Main.py ARGV...`."""
    return ["Main.py"] + [str(a) for a in argv]


def exit_status(e):
    """The exit status `python3 Main.py` gives for the program's SystemExit `e` (a non-integer
    code is printed to stderr, as the interpreter does)."""
    if e.code is None:
        return 0
    if isinstance(e.code, int):
        return e.code & 0xFF
    print(e.code, file=sys.stderr)
    return 1


def exit_like_the_interpreter(status):
    """The program's exit status once the interpreter's shutdown has run (threads joined, atexit
    callbacks) and the standard streams are flushed."""
    try:
        finish_like_the_interpreter()
    except BaseException:
        traceback.print_exc()
    return flush_std(status)


def flush_std(status):
    """Flush the program's stdout and stderr as the interpreter does at exit: a failing stdout
    flush is an error (status 1), a failing stderr flush is ignored."""
    try:
        sys.stdout.flush()
    except BaseException:
        traceback.print_exc()
        status = 1
    try:
        sys.stderr.flush()
    except BaseException:
        pass
    return status


def std_streams():
    """Fresh `sys.std*` objects on descriptors 0-2, as the interpreter makes them at start-up."""
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding="utf-8")
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding="utf-8",
        line_buffering=True)


def fresh_main_module(path):
    """A module object as `python3 PATH` makes for the script, registered as `__main__`."""
    main = types.ModuleType("__main__")  # __name__, __doc__, __package__, __loader__, __spec__
    # In CPython's order, so that even `list(globals())` prints the same.
    main.__dict__.update({
        "__loader__": importlib.machinery.SourceFileLoader("__main__", path),
        "__annotations__": {},
        "__builtins__": builtins,
        "__file__": path,
        "__cached__": None,
    })
    sys.modules["__main__"] = main
    return main


def memfd(name, data=b""):
    """An anonymous in-memory file (a regular, seekable file, as stdin.txt was, with no inode on
    disk to allocate and free), holding `data`, its offset at 0."""
    fd = os.memfd_create(name, 0)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def read_fd(fd, cap):
    """Up to `cap` bytes of file `fd` from its start."""
    chunks = []
    offset = 0
    while offset < cap:
        b = os.pread(fd, cap - offset, offset)
        if not b:
            break
        chunks.append(b)
        offset += len(b)
    return b"".join(chunks)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def sched_stat(pid):
    """(seconds on a CPU, seconds waiting for one) of process `pid` from the kernel's schedstat,
    (0, 0) if unknown."""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            fields = f.read().split()
        return int(fields[0]) / 1e9, int(fields[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


class SchedStat:
    """`sched_stat(pid)` read again and again through one open descriptor (a batch's parent
    reads it twice a run: 1 us a read instead of 9 for open, read, close)."""

    def __init__(self, pid):
        try:
            self.fd = os.open("/proc/%d/schedstat" % pid, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            self.fd = None

    def read(self):
        if self.fd is None:
            return 0.0, 0.0
        try:
            fields = os.pread(self.fd, 256, 0).split()
            return int(fields[0]) / 1e9, int(fields[1]) / 1e9
        except (OSError, ValueError, IndexError):
            return 0.0, 0.0

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def runnable(pid):
    """Is process `pid` running or waiting for a CPU (state R)?"""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "R"
    except (OSError, IndexError):
        return False


def wait_with_deadline(pid, started, wall_s):
    """wait4 the child, or None once it has had `wall_s` seconds it could run. Time it waited for a
    CPU does not count: on a loaded machine a computing program meets its CPU limit as it would on
    an idle one, and only a program that blocks (sleeps, waits) meets this limit, at the same time
    on any machine. The kernel counts a wait only once it ends, so a child is never cut off while
    it waits for a CPU (runnable, and no CPU time since the previous look). (pidfd where the kernel
    has it.)"""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    nap = 0.0002
    last_cpu = None
    try:
        while True:
            if pidfd is None:
                got = os.wait4(pid, os.WNOHANG)
                if got[0] == pid:
                    return got
            cpu, delay = sched_stat(pid)
            left = started + wall_s + delay - time.monotonic()
            if left <= 0:
                waiting = runnable(pid) and (last_cpu is None or last_cpu == cpu)
                last_cpu = cpu
                if not waiting:
                    return None
                left = 0.01
            if pidfd is not None:
                ready, _, _ = select.select([pidfd], [], [], left)
                if ready:
                    return os.wait4(pid, 0)
            else:
                time.sleep(min(nap, left))
                nap = min(nap * 2, 0.005)
    finally:
        if pidfd is not None:
            os.close(pidfd)


RUN_NUMBER = 0


def fresh_run_dir(base):
    """A new, empty directory for one run: numbered (cheaper than a random name), or a random
    name should something have taken the number."""
    global RUN_NUMBER
    RUN_NUMBER += 1
    run_dir = os.path.join(base, str(RUN_NUMBER))
    try:
        os.mkdir(run_dir, 0o700)
        return run_dir
    except FileExistsError:
        return tempfile.mkdtemp(dir=base)


def remove_run_dir(run_dir):
    """Main.py, then the directory; anything the submission left costs a full tree removal."""
    try:
        os.unlink(os.path.join(run_dir, "Main.py"))
    except OSError:
        pass
    try:
        os.rmdir(run_dir)
    except OSError:
        shutil.rmtree(run_dir, ignore_errors=True)


def as_left(run_dir, code, modes):
    """Does `run_dir` hold only its Main.py, with `code`, both with the modes they were made
    with (`modes`)? Then the next run of `code` can have it: a directory a run left as it found
    it is indistinguishable from a new one (creating and removing a directory and its files per
    run was most of a short run's kernel time: ext4's inode allocator)."""
    try:
        if os.listdir(run_dir) != ["Main.py"]:
            return False
        main = os.path.join(run_dir, "Main.py")
        d, f = os.stat(run_dir), os.lstat(main)
        if (d.st_mode, f.st_mode, f.st_nlink, f.st_size) != modes + (1, len(code)):
            return False
        with open(main, "rb") as fh:
            return fh.read() == code
    except OSError:
        return False


class RunDirs:
    """Run directories holding a program's Main.py: made on demand, handed back after a run and
    reused by the next run of the same program only when the run left it as it found it."""

    KEPT = 8

    def __init__(self, base):
        self.base = base
        self.free = []  # (run_dir, code, modes), most recent last

    def take(self, code):
        for i, (run_dir, kept, modes) in enumerate(self.free):
            if kept == code:
                del self.free[i]
                return run_dir, modes
        run_dir = fresh_run_dir(self.base)
        fd = os.open(os.path.join(run_dir, "Main.py"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            write_all(fd, code)
        finally:
            os.close(fd)
        modes = (os.stat(run_dir).st_mode, os.lstat(os.path.join(run_dir, "Main.py")).st_mode)
        return run_dir, modes

    def give_back(self, run_dir, code, modes):
        if not as_left(run_dir, code, modes):
            remove_run_dir(run_dir)
            return
        self.free.append((run_dir, code, modes))
        if len(self.free) > self.KEPT:
            remove_run_dir(self.free.pop(0)[0])


def serve_one(req, code, data, argv, dirs):
    ok, compiled = compile_cached(code)
    if not ok:
        err = compiled.encode("utf-8", "replace")[:STDERR_CAP]
        return {"status": "exited", "code": 1, "signal": 0, "cpu_ms": 0, "wall_ms": 0,
                "rss_kb": 0}, b"", err
    run_dir, modes = dirs.take(code)
    fds = (memfd("stdin", data), memfd("stdout"), memfd("stderr"))
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(compiled[0], req, run_dir, fds, argv)
    os.close(fds[0])
    wall_s = int(req["wall_ms"]) / 1000.0
    reaped = wait_with_deadline(pid, started, wall_s)
    timed_out = reaped is None
    if timed_out:
        for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
            try:
                target()
            except OSError:
                pass
        reaped = os.wait4(pid, 0)
    _, raw, usage = reaped
    wall_ms = int((time.monotonic() - started) * 1000)
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    cpu_ms = int((usage.ru_utime + usage.ru_stime) * 1000)
    out_cap = int(req["out_cap"])
    out = read_fd(fds[1], out_cap + 1)
    err = read_fd(fds[2], STDERR_CAP)
    os.close(fds[1])
    os.close(fds[2])
    dirs.give_back(run_dir, code, modes)
    resp = ending(raw, cpu_ms, req, timed_out, len(out))
    resp.update({"cpu_ms": cpu_ms, "wall_ms": wall_ms, "rss_kb": usage.ru_maxrss})
    return resp, out[:out_cap], err


def ending(raw, usage_cpu_ms, req, timed_out, out_len):
    """The status fields of a run that ended its process (`raw` from wait4)."""
    resp = {"code": 0, "signal": 0}
    out_cap = int(req["out_cap"])
    if timed_out:
        resp["status"] = "timeout"
    elif out_len > out_cap:
        resp["status"] = "output"
    elif os.WIFSIGNALED(raw):
        sig = os.WTERMSIG(raw)
        resp["signal"] = sig
        # A child killed at its hard CPU limit can show a little under it in rusage (seen: 0.81 s
        # for 1 s), as in the core sandbox. SIGPROF is a batch child's per-run CPU timer.
        if (sig in (signal.SIGXCPU, signal.SIGPROF)
                or (sig == signal.SIGKILL and usage_cpu_ms >= int(req["cpu_s"]) * 800 - 50)):
            resp["status"] = "cpu"
        elif sig == signal.SIGXFSZ:
            resp["status"] = "output"
        else:
            resp["status"] = "signaled"
    else:
        resp["code"] = os.WEXITSTATUS(raw)
        resp["status"] = "exited"
    return resp


# --- batches: several inputs of one program per forked child -------------------------------

# The endings of a run that met a limit (a wall or CPU limit ends the child running it, so such
# a run is always the last of its child's answers).
LIMIT_ENDINGS = ("timeout", "cpu")
# Batched runs of one child in a row, at most: as many as the driver sends in one request
# (runner.rs BATCH_INPUTS), so a request forks one child unless a run retires it (each fork
# and `Pristine` snapshot costs some 3 ms).
BATCH_CHILD_RUNS = 128
# A child whose address space grew by more than this over the runs so far retires: the next run
# would start with a heap a fresh fork does not have.
BATCH_GROWTH_BYTES = 32 << 20
# Signals whose handlers a run could change (a changed handler retires the child).
WATCHED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE, signal.SIGALRM,
                   signal.SIGPROF, signal.SIGXCPU, signal.SIGXFSZ, signal.SIGCHLD,
                   signal.SIGUSR1, signal.SIGUSR2, signal.SIGVTALRM)
WATCHED_RLIMITS = (resource.RLIMIT_STACK, resource.RLIMIT_NOFILE, resource.RLIMIT_NPROC,
                   resource.RLIMIT_DATA, resource.RLIMIT_RSS)


def vm_size():
    """The address space of this process in bytes (what RLIMIT_AS counts)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


def cpu_ns():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return int((r.ru_utime + r.ru_stime) * 1e9)


def dict_version_cell():
    """A function giving a live view of a dict's `ma_version_tag` (PEP 509: CPython 3.11 gives
    every dict a tag from one global counter when it is made and a new one at every change), or
    None where that cannot be read: then `Pristine` walks every value each time. The tag lets the
    check after each batched run skip the namespaces no run touched (most of ~5,000 values):
    an unchanged tag proves an unchanged dict; a changed one is walked value by value as before.
    Checked on a probe dict before use."""
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return None
    try:
        import ctypes
    except ImportError:
        return None
    # PyDictObject: ob_refcnt, ob_type, ma_used, then ma_version_tag (uint64).
    offset = 3 * ctypes.sizeof(ctypes.c_ssize_t)

    def cell(d):
        return ctypes.c_uint64.from_address(id(d) + offset)

    probe = {}
    c = cell(probe)
    seen = [c.value]
    probe["k"] = 1
    seen.append(c.value)
    probe["k"] = 2
    seen.append(c.value)
    del probe["k"]
    seen.append(c.value)
    other = {}
    seen.append(cell(other).value)
    if len(set(seen)) != len(seen) or sorted(seen[:4]) != seen[:4]:
        return None
    return cell


DICT_VERSION = dict_version_cell()


class Pristine:
    """What a run can change in the interpreter that a fresh fork of the worker would not show
    the next run: every loaded module's namespace (by identity: a rebound attribute of `sys`,
    `builtins`, `math`, ...), the modules loaded, `sys.path`, the environment, open descriptors,
    signal handlers, resource limits, the garbage collector's settings, the switch interval,
    tracing, the umask, atexit handlers, threads, the decimal default context and the warning
    filters, the import machinery, interval timers, the thread stack size and the locale. What
    each run sets itself (`sys.std*`, `sys.argv`, `sys.path[0]`, `__main__`, the recursion and
    int-digit limits, the working directory, the decimal context) is restored before the
    comparison or set afresh for the next run. (Left out: the heap's layout, so `id()` and
    default reprs differ, as they do between forks of a worker with a different history.)
    A module a run imports retires the child: the next run must import it afresh, not find it
    as this run left it. With `deep` (a program that sets attributes), the namespaces of every
    library class (`fractions.Fraction.x = 1`) and of the objects module and class namespaces
    hold (enum members, ...) are watched too. Captured after the child's own setup, before its
    first run."""

    def __init__(self, deep=False):
        self.fixed = {k: sys.__dict__[k] for k in ("stdin", "stdout", "stderr", "__stdin__",
                                                   "__stdout__", "__stderr__", "argv")}
        self.main = sys.modules.get("__main__")
        self.path0 = sys.path[0]
        self.recursion = sys.getrecursionlimit()
        self.digits = sys.get_int_max_str_digits()
        self.modules = self.namespaces()
        # name -> (the namespace dict, its tag cell, the tag its values were last seen with).
        self.tags = {}
        if DICT_VERSION is not None:
            for name, (mod, _, _) in self.modules.items():
                self.tag(name, mod.__dict__)
        self.rest = self.others()
        # The dicts (kept alive: a version cell reads an address), their version cells, and the
        # versions (or, without tags, the contents) seen.
        self.deep = deep_namespaces() if deep else None
        if deep and DICT_VERSION is not None:
            self.deep_cells = list(map(DICT_VERSION, self.deep))
            self.deep_seen = list(map(VERSION_OF, self.deep_cells))
        elif deep:
            self.deep_seen = [(tuple(d.keys()), tuple(d.values())) for d in self.deep]

    def tag(self, name, d):
        cell = DICT_VERSION(d)
        self.tags[name] = (d, cell, cell.value)

    @staticmethod
    def namespaces():
        out = {}
        for name, mod in list(sys.modules.items()):
            d = getattr(mod, "__dict__", None)
            if name != "__main__" and isinstance(d, dict):
                out[name] = (mod, tuple(d.keys()), tuple(d.values()))
        return out

    @staticmethod
    def others():
        dec = sys.modules.get("decimal")
        warnings = sys.modules.get("warnings")
        threading = sys.modules.get("threading")
        locale = sys.modules.get("locale")
        umask = os.umask(0o22)
        os.umask(umask)
        return (
            list(sys.meta_path), list(sys.path_hooks),
            signal.getitimer(signal.ITIMER_REAL), signal.getitimer(signal.ITIMER_VIRTUAL),
            threading.stack_size() if threading else 0,
            locale.setlocale(locale.LC_ALL) if locale else None,
            list(sys.path[1:]), dict(os.environ),
            # 0-2 are the run's own; the listing's descriptor is there both times.
            sorted(fd for fd in os.listdir("/proc/self/fd") if fd not in ("0", "1", "2")),
            [signal.getsignal(s) for s in WATCHED_SIGNALS],
            [resource.getrlimit(r) for r in WATCHED_RLIMITS],
            gc.isenabled(), gc.get_threshold(), sys.getswitchinterval(), sys.gettrace(),
            sys.getprofile(), umask, atexit._ncallbacks(),
            threading.active_count() if threading else 1,
            repr(dec.DefaultContext) if dec else None,
            repr(warnings.filters) if warnings else None,
            sys.flags, sys.dont_write_bytecode,
        )

    def restore(self):
        sys.__dict__.update(self.fixed)
        sys.modules["__main__"] = self.main
        sys.path[0] = self.path0

    def unchanged(self):
        """Is the interpreter as it was before the first run (after `restore`)? Modules a run
        imported are taken in (their import ran from a pristine state) and watched from then on."""
        if DICT_VERSION is None:
            return self.unchanged_by_walk()
        seen = 0
        for name, mod in list(sys.modules.items()):
            d = getattr(mod, "__dict__", None)
            if name == "__main__" or not isinstance(d, dict):
                continue
            seen += 1
            old = self.modules.get(name)
            if old is None:
                return False
            if old[0] is not mod:
                return False
            known, cell, tag = self.tags[name]
            if known is d and cell.value == tag:
                continue
            keys, values = tuple(d.keys()), tuple(d.values())
            if old[1] != keys or len(old[2]) != len(values) \
                    or not all(map(operator.is_, old[2], values)):
                return False
            self.tag(name, d)
        if seen != len(self.modules):
            return False
        return self.others() == self.rest and self.deep_unchanged()

    def deep_unchanged(self):
        if self.deep is None:
            return True
        if DICT_VERSION is None:
            return all(map(dict_unchanged, self.deep, self.deep_seen))
        return list(map(VERSION_OF, self.deep_cells)) == self.deep_seen

    def unchanged_by_walk(self):
        """`unchanged` without version tags: every value of every namespace compared."""
        now = self.namespaces()
        for name, (mod, keys, values) in now.items():
            old = self.modules.get(name)
            if old is None:
                return False
            if old[0] is not mod or old[1] != keys or len(old[2]) != len(values):
                return False
            # operator.is_ is C code: a Python function per value was half of a short batched
            # run's cost (some 6,000 values in the worker's modules).
            if not all(map(operator.is_, old[2], values)):
                return False
        if len(now) != len(self.modules):
            return False
        return self.others() == self.rest and self.deep_unchanged()


# Py_TPFLAGS_IMMUTABLETYPE: a class whose attributes cannot be set (built-in and most C types).
IMMUTABLE_TYPE = 1 << 8


def deep_namespaces():
    """The namespace dicts of every class whose attributes can be set (all of them, found from
    `object` down its subclasses), and the instance dicts of the objects module and class
    namespaces hold."""
    classes, seen, todo = [], set(), [object]
    while todo:
        cls = todo.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        if not cls.__flags__ & IMMUTABLE_TYPE:
            classes.append(cls)
        try:
            todo.extend(type.__subclasses__(cls))
        except TypeError:
            pass
    spaces = [ns for cls in classes for ns in gc.get_referents(cls.__dict__)
              if type(ns) is dict]
    holders = [m.__dict__ for m in list(sys.modules.values())
               if isinstance(getattr(m, "__dict__", None), dict)] + spaces
    found = set(map(id, spaces))
    for holder in holders:
        for value in list(holder.values()):
            if type(value).__dictoffset__ == 0 or isinstance(value, (type, types.ModuleType)):
                continue
            d = getattr(value, "__dict__", None)
            if type(d) is dict and id(d) not in found:
                found.add(id(d))
                spaces.append(d)
    return spaces


VERSION_OF = operator.attrgetter("value")


def dict_unchanged(d, seen):
    keys, values = seen
    return tuple(d.keys()) == keys and len(d) == len(values) and \
        all(map(operator.is_, values, d.values()))


def finish_like_the_interpreter():
    """What `python3 Main.py` does after its module ends (or raises), before it flushes and
    exits: wait for the threads `threading` started that are not daemons (the idiom
    `threading.Thread(target=main).start()` prints from one), then run the atexit callbacks."""
    threading = sys.modules.get("threading")
    if threading is not None:
        main = threading.main_thread()
        for t in threading.enumerate():
            if t is not main and not t.daemon:
                t.join()
    atexit._run_exitfuncs()


def batch_child(compiled, req, code, runs, run_dir, modes, report, out_fds):
    """In the forked child of a batch: run the program on each (stdin, argv) of `runs` in turn,
    in `run_dir`,
    as `child` runs it once, writing "<status> <cpu ns> <retire> <stdout bytes> <stderr bytes>\n"
    and the captured bytes to `report` after each run. Never returns. The program recurses as
    deep as under `python3 Main.py` (`as_top_level`). A program whose code reaches state the
    checks after a run cannot see (`Reach.hidden`) retires the child after each run; one that
    sets attributes (`Reach.stores`) has every library class and object namespace checked too."""
    code_obj, reach = compiled
    try:
        os.setpgid(0, 0)
        cpu = max(1, int(req["cpu_s"]))
        # The backstop; each run has its own CPU timer (ITIMER_PROF, whose SIGPROF ends the
        # child as RLIMIT_CPU ends a single run's).
        set_limit(resource.RLIMIT_CPU, cpu * len(runs) + len(runs) + 1)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        out_cap = int(req["out_cap"])
        set_limit(resource.RLIMIT_FSIZE, out_cap + 1)
        mem = int(req["mem_bytes"])
        _, mem_hard = resource.getrlimit(resource.RLIMIT_AS)
        main_path = os.path.join(run_dir, "Main.py")
        sys.setrecursionlimit(1000)
        decimal = sys.modules.get("decimal")
        context = decimal.getcontext().copy() if decimal else None
        state = Pristine(deep=reach.stores)
        start_size = vm_size()
    except BaseException:
        os.write(report, b"error\n")
        os._exit(0)
    while runs:
        status = 1
        try:
            os.chdir(run_dir)
            data, argv = runs.pop(0)
            fd = memfd("stdin", data)
            os.dup2(fd, 0)
            os.close(fd)
            # The worker's own memfds, emptied: what a run that ends the child printed is there.
            for target, fd in zip((1, 2), out_fds):
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                os.dup2(fd, target)
            if mem > 0:
                # The headroom a fresh fork would have: its limit less the size it starts at.
                soft = mem + max(0, vm_size() - start_size)
                if mem_hard != resource.RLIM_INFINITY:
                    soft = min(soft, mem_hard)
                resource.setrlimit(resource.RLIMIT_AS, (soft, mem_hard))
            std_streams()
            sys.argv = program_argv(argv)
            sys.path[0] = run_dir
            sys.setrecursionlimit(1000)
            sys.set_int_max_str_digits(state.digits)
            if context is not None:
                decimal.setcontext(context.copy())
            main = fresh_main_module(main_path)
            began = cpu_ns()
            signal.setitimer(signal.ITIMER_PROF, cpu)
        except BaseException:
            os.write(report, b"error\n")
            os._exit(0)
        try:
            run_program(code_obj, main.__dict__)
            status = 0
        except SystemExit as e:
            status = exit_status(e)
        except BaseException:
            traceback.print_exc()
            status = 1
        status = exit_like_the_interpreter(status)
        try:
            signal.setitimer(signal.ITIMER_PROF, 0)
            used = cpu_ns() - began
            main = None
            state.restore()
            sys.setrecursionlimit(state.recursion)
            sys.set_int_max_str_digits(state.digits)
            out = read_fd(1, out_cap + 1)
            err = read_fd(2, STDERR_CAP)
            retire = (status != 0 or len(out) > out_cap or not runs or reach.hidden
                      or vm_size() > start_size + BATCH_GROWTH_BYTES
                      or not as_left(run_dir, code, modes) or not state.unchanged())
            write_all(report, b"%d %d %d %d %d\n" % (status, used, 1 if retire else 0,
                                                     len(out), len(err)) + out + err)
        except BaseException:
            os.write(report, b"error\n")
            os._exit(0)
        if retire:
            os._exit(0)
    os._exit(0)


def serve_batch(req, code, runs, dirs):
    """One answer per (stdin, argv) of `runs`. Each child takes the runs not yet made; when one
    retires, the next starts where it stopped; a run a child could not even start (its own setup
    failed) is made alone through `serve_one`. With "stop_at_limit" in `req`, the answers end
    with the first run that met its CPU or wall limit (a caller that stops there, as the judge
    and the witness search do, is spared the limits of the runs after it)."""
    ok, compiled = compile_cached(code)
    if not ok:
        return [serve_one(req, code, d, argv, dirs) for d, argv in runs]
    results = []
    while len(results) < len(runs):
        if req.get("stop_at_limit") and results and results[-1][0]["status"] in LIMIT_ENDINGS:
            break
        chunk = runs[len(results):len(results) + BATCH_CHILD_RUNS]
        run_dir, modes = dirs.take(code)
        report_r, report_w = os.pipe()
        out_fds = (memfd("stdout"), memfd("stderr"))
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.close(report_r)
            batch_child(compiled, req, code, chunk, run_dir, modes, report_w, out_fds)
        os.close(report_w)
        try:
            got = follow_batch(pid, report_r, started, req, len(chunk), out_fds)
        finally:
            for fd in (report_r,) + out_fds:
                os.close(fd)
            dirs.give_back(run_dir, code, modes)
        if not got:
            # The child could not run the next input at all: that input alone, the usual way.
            got = [serve_one(req, code, chunk[0][0], chunk[0][1], dirs)]
        results.extend(got)
    return results


def follow_batch(pid, report, started, req, runs, out_fds):
    """Read a batch child's reports, one per finished run, until it exits; each run has the
    wall limit `wait_with_deadline` gives a single run (counted from the end of the previous
    run, without time spent waiting for a CPU). Returns the answers of the runs it finished, and
    of the run whose ending (signal, timeout, exit) ended the child."""
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        pidfd = None
    wall_s = int(req["wall_ms"]) / 1000.0
    out_cap = int(req["out_cap"])
    results = []
    pending = b""
    eof = error = retired = timed_out = False
    run_started = started
    stat = SchedStat(pid)
    _, delay_at_start = stat.read()
    cpu_before_ms = 0
    last_cpu = None
    try:
        while True:
            while not (error or retired):
                line_end = pending.find(b"\n")
                if line_end < 0:
                    break
                fields = pending[:line_end].split()
                if len(fields) != 5 or len(results) >= runs:
                    error = True
                    break
                status, used_ns, retire, out_len, err_len = (int(x) for x in fields)
                if len(pending) < line_end + 1 + out_len + err_len:
                    break
                body = pending[line_end + 1:line_end + 1 + out_len + err_len]
                pending = pending[line_end + 1 + out_len + err_len:]
                now = time.monotonic()
                run_ms = used_ns // 1_000_000
                resp = {"status": "exited", "code": status, "signal": 0, "cpu_ms": run_ms,
                        "wall_ms": int((now - run_started) * 1000), "rss_kb": 0}
                if out_len > out_cap:
                    resp["status"] = "output"
                    resp["code"] = 0
                results.append((resp, body[:min(out_len, out_cap)], body[out_len:]))
                cpu_before_ms += run_ms
                run_started = now
                _, delay_at_start = stat.read()
                retired = retire == 1
            if error or retired or eof:
                break
            cpu, delay = stat.read()
            left = run_started + wall_s + (delay - delay_at_start) - time.monotonic()
            if left <= 0:
                waiting = runnable(pid) and (last_cpu is None or last_cpu == cpu)
                last_cpu = cpu
                if not waiting:
                    timed_out = True
                    break
                left = 0.01
            watched = [report] if pidfd is None else [report, pidfd]
            ready, _, _ = select.select(watched, [], [], left)
            if report in ready:
                chunk = os.read(report, 1 << 20)
                if chunk:
                    pending += chunk
                else:
                    eof = True
            elif ready:
                # The child is gone (something it started may still hold the pipe): what it
                # wrote is all there is.
                while select.select([report], [], [], 0)[0]:
                    chunk = os.read(report, 1 << 20)
                    if not chunk:
                        break
                    pending += chunk
                eof = True
        if timed_out:
            for target in (lambda: os.killpg(pid, signal.SIGKILL),
                           lambda: os.kill(pid, signal.SIGKILL)):
                try:
                    target()
                except OSError:
                    pass
        _, raw, usage = os.wait4(pid, 0)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
        if error or pending.startswith(b"error") or retired or len(results) >= runs:
            return results
        # The child ended during a run: that run's ending, and what it printed.
        cpu_ms = max(0, int((usage.ru_utime + usage.ru_stime) * 1000) - cpu_before_ms)
        out = read_fd(out_fds[0], out_cap + 1)
        err = read_fd(out_fds[1], STDERR_CAP)
        resp = ending(raw, cpu_ms, req, timed_out, len(out))
        resp.update({"cpu_ms": cpu_ms, "wall_ms": int((time.monotonic() - run_started) * 1000),
                     "rss_kb": usage.ru_maxrss})
        results.append((resp, out[:out_cap], err))
        return results
    finally:
        stat.close()
        if pidfd is not None:
            os.close(pidfd)


def main():
    dirs = RunDirs(tempfile.mkdtemp(prefix="runs-", dir=os.getcwd()))
    inp = sys.stdin.buffer
    outp = sys.stdout.buffer
    while True:
        line = inp.readline()
        if not line:
            break
        req = json.loads(line)
        try:
            code = read_exact(inp, int(req["code_len"]))
            if "input_lens" in req:
                datas = [read_exact(inp, int(n)) for n in req["input_lens"]]
            else:
                datas = [read_exact(inp, int(req["input_len"]))]
        except EOFError:
            break
        argvs = req.get("argvs") or [req.get("argv", [])] * len(datas)
        runs = list(zip(datas, argvs))
        if "input_lens" in req:
            answers = serve_batch(req, code, runs, dirs)
        else:
            answers = [serve_one(req, code, datas[0], argvs[0], dirs)]
        for resp, out, err in answers:
            resp["stdout_len"] = len(out)
            resp["stderr_len"] = len(err)
            outp.write(json.dumps(resp).encode() + b"\n")
            outp.write(out)
            outp.write(err)
        outp.flush()


if __name__ == "__main__":
    main()

"""Pre-forked judge worker for equibench-oj.

Runs inside the equibench sandbox (its own directory, process group, unprivileged uid when the
driver is root). It starts once, imports only the standard library, and then serves run requests
from the driver over stdin/stdout, forking one child per request so that a submission pays for a
fork (~1 ms) instead of an interpreter start (~20-120 ms).

Protocol (binary-safe, one request at a time):
  request:  one JSON line {"code_len", "input_len", "cpu_s", "wall_ms", "mem_bytes", "out_cap",
            "argv"} followed by code_len bytes of source and input_len bytes of stdin;
  response: one JSON line {"status": "exited"|"signaled"|"timeout"|"cpu"|"output", "code",
            "signal", "cpu_ms", "wall_ms", "rss_kb", "stdout_len", "stderr_len"} followed by the
            captured stdout and stderr bytes.

The child gets a fresh directory, its own process group, rlimits (CPU, address space, file size,
no core), stdin/stdout/stderr on files, fresh `sys.std*` objects, and runs the submission as
`python3 Main.py` would: as a fresh module object named `__main__`, registered in
`sys.modules['__main__']`, whose `__dict__` is the program's global namespace, with `__file__`
the absolute path of Main.py in its directory (written there), `__loader__`, `__spec__`,
`__cached__`, `__doc__`, `__package__` and `__annotations__` as CPython sets them, `sys.argv[0]`
"Main.py" and `sys.path[0]` the directory. So a program that inspects its own module (through
`sys.modules`, `__import__('__main__')`, ...) sees itself, not the worker. It never shares the
worker's pipes. Nothing of the submission runs in the worker.
"""

import builtins
import hashlib
import importlib.machinery
import io
import json
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
# dictionary lookup. `random` is deliberately absent: its state would be shared by every fork.
for _name in ("math", "itertools", "collections", "heapq", "bisect", "functools", "re",
              "fractions", "decimal", "string", "operator", "copy", "statistics", "array"):
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
    key = hashlib.sha256(code).digest()
    if key not in COMPILED:
        if len(COMPILED) > 512:
            COMPILED.clear()
        try:
            COMPILED[key] = (True, compile(code, "Main.py", "exec", dont_inherit=True))
        except (SyntaxError, ValueError) as e:
            COMPILED[key] = (False, "".join(traceback.format_exception_only(type(e), e)))
    return COMPILED[key]


def set_limit(which, value):
    """Lower a limit, never above the hard limit the sandbox gave the worker."""
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    resource.setrlimit(which, (value, value))


def child(code_obj, req, run_dir):
    """In the forked child: never returns."""
    status = 1
    try:
        os.setpgid(0, 0)
        os.chdir(run_dir)
        fd_in = os.open("stdin.txt", os.O_RDONLY)
        fd_out = os.open("stdout.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        fd_err = os.open("stderr.txt", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd_in, 0)
        os.dup2(fd_out, 1)
        os.dup2(fd_err, 2)
        for fd in (fd_in, fd_out, fd_err):
            os.close(fd)
        cpu = max(1, int(req["cpu_s"]))
        set_limit(resource.RLIMIT_CPU, cpu)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        # One byte more than the cap, so that reaching the file size limit means "over the cap"
        # (Python ignores SIGXFSZ: a write past the limit fails with EFBIG instead).
        cap = int(req["out_cap"]) + 1
        set_limit(resource.RLIMIT_FSIZE, cap)
        mem = int(req["mem_bytes"])
        if mem > 0:
            set_limit(resource.RLIMIT_AS, mem)
        sys.stdin = sys.__stdin__ = io.TextIOWrapper(
            io.BufferedReader(io.FileIO(0, "r", closefd=False)), encoding="utf-8")
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(
            io.BufferedWriter(io.FileIO(1, "w", closefd=False)), encoding="utf-8")
        sys.stderr = sys.__stderr__ = io.TextIOWrapper(
            io.BufferedWriter(io.FileIO(2, "w", closefd=False)), encoding="utf-8",
            line_buffering=True)
        sys.argv = ["Main.py"] + [str(a) for a in req.get("argv", [])]
        sys.path[0] = run_dir
        sys.setrecursionlimit(1000)
        main = fresh_main_module(os.path.join(run_dir, "Main.py"))
        try:
            exec(code_obj, main.__dict__)
            status = 0
        except SystemExit as e:
            if e.code is None:
                status = 0
            elif isinstance(e.code, int):
                status = e.code & 0xFF
            else:
                print(e.code, file=sys.stderr)
                status = 1
        except BaseException:
            traceback.print_exc()
            status = 1
        try:
            sys.stdout.flush()
        except BaseException:
            traceback.print_exc()
            status = 1
        try:
            sys.stderr.flush()
        except BaseException:
            pass
    finally:
        os._exit(status)


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


def read_capped(path, cap):
    try:
        with open(path, "rb") as f:
            return f.read(cap)
    except OSError:
        return b""


def sched_stat(pid):
    """(seconds on a CPU, seconds waiting for one) of process `pid` from the kernel's schedstat,
    (0, 0) if unknown."""
    try:
        with open("/proc/%d/schedstat" % pid) as f:
            fields = f.read().split()
        return int(fields[0]) / 1e9, int(fields[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0, 0.0


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
RUN_FILES = ("Main.py", "stdin.txt", "stdout.txt", "stderr.txt")


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
    """The three files every run has, then the directory; anything the submission left costs a
    full tree removal."""
    for name in RUN_FILES:
        try:
            os.unlink(os.path.join(run_dir, name))
        except OSError:
            pass
    try:
        os.rmdir(run_dir)
    except OSError:
        shutil.rmtree(run_dir, ignore_errors=True)


def serve_one(req, code, data, base):
    ok, compiled = compile_cached(code)
    if not ok:
        err = compiled.encode("utf-8", "replace")[:STDERR_CAP]
        return {"status": "exited", "code": 1, "signal": 0, "cpu_ms": 0, "wall_ms": 0,
                "rss_kb": 0}, b"", err
    run_dir = fresh_run_dir(base)
    for name, content in (("Main.py", code), ("stdin.txt", data)):
        fd = os.open(os.path.join(run_dir, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            view = memoryview(content)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
    started = time.monotonic()
    pid = os.fork()
    if pid == 0:
        child(compiled, req, run_dir)
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
    out = read_capped(os.path.join(run_dir, "stdout.txt"), out_cap + 1)
    err = read_capped(os.path.join(run_dir, "stderr.txt"), STDERR_CAP)
    remove_run_dir(run_dir)
    resp = {"code": 0, "signal": 0, "cpu_ms": cpu_ms, "wall_ms": wall_ms, "rss_kb": usage.ru_maxrss}
    if timed_out:
        resp["status"] = "timeout"
    elif len(out) > out_cap:
        resp["status"] = "output"
    elif os.WIFSIGNALED(raw):
        sig = os.WTERMSIG(raw)
        resp["signal"] = sig
        # A child killed at its hard CPU limit can show a little under it in rusage (seen: 0.81 s
        # for 1 s), as in the core sandbox; before runs waited out a busy machine, the wall limit
        # usually ended such a child first.
        if sig == signal.SIGXCPU or (sig == signal.SIGKILL and cpu_ms >= int(req["cpu_s"]) * 800 - 50):
            resp["status"] = "cpu"
        elif sig == signal.SIGXFSZ:
            resp["status"] = "output"
        else:
            resp["status"] = "signaled"
    else:
        resp["code"] = os.WEXITSTATUS(raw)
        resp["status"] = "exited"
    return resp, out[:out_cap], err


def main():
    base = tempfile.mkdtemp(prefix="runs-", dir=os.getcwd())
    inp = sys.stdin.buffer
    outp = sys.stdout.buffer
    while True:
        line = inp.readline()
        if not line:
            break
        req = json.loads(line)
        try:
            code = read_exact(inp, int(req["code_len"]))
            data = read_exact(inp, int(req["input_len"]))
        except EOFError:
            break
        resp, out, err = serve_one(req, code, data, base)
        resp["stdout_len"] = len(out)
        resp["stderr_len"] = len(err)
        outp.write(json.dumps(resp).encode() + b"\n")
        outp.write(out)
        outp.write(err)
        outp.flush()


if __name__ == "__main__":
    main()

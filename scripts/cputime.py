#!/usr/bin/env python3
"""Run a command and write "wall user system" seconds of it and every descendant to a file.

Unlike /usr/bin/time, this counts descendants the command never waits for (the OJ audit's judge
workers): it becomes their subreaper, so orphans are re-parented to it and reaped here.

    scripts/cputime.py OUT_FILE COMMAND [ARG...]     exits with the command's status
"""
import ctypes
import os
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main() -> int:
    out, argv = sys.argv[1], sys.argv[2:]
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    user = system = 0.0
    status = 1
    while True:
        try:
            child, wstatus, usage = os.wait4(-1, 0)
        except ChildProcessError:
            break
        user += usage.ru_utime
        system += usage.ru_stime
        if child == pid:
            status = os.waitstatus_to_exitcode(wstatus)
    with open(out, "w") as f:
        f.write(f"{time.monotonic() - start:.2f} {user:.2f} {system:.2f}\n")
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())

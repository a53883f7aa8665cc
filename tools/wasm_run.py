#!/usr/bin/env python3
"""The reference engine of equibench's WebAssembly category: runs WAT modules in wasmtime.

Reads one JSON object on stdin and writes one JSON object on stdout (run as a batch, inside the
core sandbox, since the modules are generated programs):

  {"modules": [{"wat": TEXT, "calls": [CALL, ...]}, ...]}

Each module exports its function as "f", its memory as "memory" (if any) and its globals as
"g0", "g1", ... Every CALL is run in a fresh instance, so calls never see each other's state:

  CALL   = {"args": [INT, ...], "globals": [INT, ...], "memory": [[ADDR, HEX], ...],
            "read": [[ADDR, LEN], ...]}
  answer = {"results": [INT, ...], "globals": [INT, ...], "memory": [HEX, ...]}   on return
         | {"trap": CODE}                                                          on a trap

Integers are signed (i32 in [-2^31, 2^31), i64 in [-2^63, 2^63)); CODE is wasmtime's trap code
name in lower case ("integer_division_by_zero", "memory_out_of_bounds", ...). The answer is
{"modules": [[answer, ...], ...]}, or {"error": TEXT} on a bad module. The caller puts a copy of
the wasmtime package on PYTHONPATH (the sandbox cannot read the project virtualenv).
"""

import json
import sys

import wasmtime


def run_call(engine, module, call):
    store = wasmtime.Store(engine)
    inst = wasmtime.Instance(store, module, [])
    exports = inst.exports(store)
    mem = exports.get("memory") if "memory" in [e.name for e in module.exports] else None
    for i, v in enumerate(call.get("globals", [])):
        g = exports[f"g{i}"]
        g.set_value(store, v)
    for addr, hexbytes in call.get("memory", []):
        mem.write(store, bytes.fromhex(hexbytes), addr)
    f = exports["f"]
    try:
        out = f(store, *call.get("args", []))
    except wasmtime.Trap as t:
        code = t.trap_code
        return {"trap": code.name.lower() if code is not None else "unknown"}
    if out is None:
        results = []
    elif isinstance(out, list):
        results = list(out)
    else:
        results = [out]
    globals_after = []
    i = 0
    names = {e.name for e in module.exports}
    while f"g{i}" in names:
        globals_after.append(exports[f"g{i}"].value(store))
        i += 1
    memory = [mem.read(store, a, a + n).hex() for a, n in call.get("read", [])]
    return {"results": results, "globals": globals_after, "memory": memory}


def main():
    req = json.load(sys.stdin)
    engine = wasmtime.Engine()
    answers = []
    for m in req["modules"]:
        try:
            module = wasmtime.Module(engine, m["wat"])
        except Exception as e:  # noqa: BLE001 - reported to the caller as data
            json.dump({"error": f"{type(e).__name__}: {e}"}, sys.stdout)
            return
        answers.append([run_call(engine, module, c) for c in m["calls"]])
    json.dump({"modules": answers}, sys.stdout)


if __name__ == "__main__":
    main()

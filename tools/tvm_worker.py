#!/usr/bin/env python3
"""The TVM worker of equibench's CUDA category: one long-lived process that imports apache-tvm once and
answers requests, one JSON object per line on stdin, one JSON object per line on stdout.

Every request has an `op` and an `id` (echoed back); every answer has `ok` (and `error` when false).

  hello                                  -> tvm version, python version, the operator kinds known
  signature  operator                    -> input shapes and output shape of an operator
  sample     operator, seed, want, ...   -> up to `want` valid, distinct CUDA schedules of the operator:
                                            the trace (plain JSON, replayable), kernel text, launch dims
  replay     operator, trace, unroll, design_space
                                         -> the kernel text a recorded trace gives, once the trace is shown
                                            to be a sample of that design space (else `refused`: why)
  compare    operators [a, b], input_seed, rtol, atol
                                         -> both computations built for CPU (target llvm), run on the same
                                            seeded inputs; whether and where their outputs differ
  disagreement operators [a, b], seed, trials, rtol, atol
                                         -> on how many of `trials` fresh seeded input sets (never the
                                            witness's) the two computations, built for CPU, differ
                                            beyond tolerance (relative to the larger output: symmetric)
  tensors    operator                    -> names and shapes of its inputs, output and intermediate tensors
                                            (the buffers a CPU run of its CUDA kernels needs)
  reference  operator, input_seeds       -> for each seed: the seeded inputs and the output of the computation
                                            built for CPU (target llvm), float32 little-endian in base64
  stats                                  -> counts of schedules tried and kernels compiled so far
  debug_sources  operator, unroll, seeds, want -> whether the device-only CUDA build gives `tvm.compile`'s text
  debug_renamed_math  operator           -> the math calls of the renamed module (what `signature` must give)
  debug_precheck operator, unroll, seeds -> whether sampling's thread-extent pre-check ever refuses a schedule
                                            that the postprocessors accept
  debug_exit, debug_sleep, debug_spin    -> die, block or compute endlessly on purpose (tests of crash,
                                            stall and CPU-budget recovery)

An `operator` is {"kind": ..., "params": {...}}; `KINDS` below builds its tensor expression. Sampling
follows the MetaSchedule CUDA design space: the design space's traces are re-sampled with a seeded
Schedule (`decision_provider` returns None, so every sampling instruction draws anew) and a candidate is
kept only if every CUDA postprocessor accepts it.

The worker runs trusted code only (this file, TVM): the Rust side starts it outside the sandbox.
"""

import base64
import importlib
import io
import json
import logging
import os
import sys
import time
import tokenize
import traceback
import types

# tvm.s_tir.tensor_intrin registers every target's tensor intrinsics by parsing TVMScript, which takes
# minutes on a loaded 2-core machine. MetaSchedule's TuneContext imports it, but the plain "cuda" rule
# set and postprocessors never tensorize, so an empty module stands in for it.
import tvm  # noqa: E402
import tvm.s_tir  # noqa: E402

sys.modules.setdefault("tvm.s_tir.tensor_intrin", types.ModuleType("tvm.s_tir.tensor_intrin"))

import numpy as np  # noqa: E402
import tvm.s_tir.meta_schedule as ms  # noqa: E402
from tvm import te, topi  # noqa: E402
from tvm.target import Target  # noqa: E402

# `tvm.tirx.build` is also the name of the function that module defines, which shadows the module.
_tir_build = importlib.import_module("tvm.tirx.build")

CUDA_TARGET = "nvidia/nvidia-a100"
# TVM's portability preamble ends with this block; the kernels follow it.
PREAMBLE_END = "#define ushort unsigned short\n#endif\n"
MAX_SEED = 2147483647
# Entries per cache (operator modules, design spaces, CPU builds). The shipped catalogue has about 300
# operators counting its near misses, and a block draws from all of them: a smaller limit would clear
# the caches every few candidates and rebuild what was just thrown away.
CACHE_LIMIT = 1024

# ---------------------------------------------------------------------------------------------------
# Operator kinds: each takes the params dict and returns (inputs, output) tensors.
# ---------------------------------------------------------------------------------------------------


def _extent(p, full):
    """A reduction's extent: `reduce_extent`, else the full axis plus `reduce_extent_delta` (a near miss)."""
    extent = int(p.get("reduce_extent", full + int(p.get("reduce_extent_delta", 0))))
    if not 1 <= extent <= full:
        raise ValueError(f"reduction extent {extent} outside 1..{full}")
    return extent


def _reduce_last(x, p):
    """Optionally reduce the last axis (sum or max), which gives elementwise chains a schedulable loop."""
    how = p.get("reduce_last", "none")
    if how == "none":
        return x
    shape = [int(s) for s in x.shape]
    r = te.reduce_axis((0, shape[-1]), name="k")
    if how == "sum":
        return te.compute(shape[:-1], lambda *i: te.sum(x(*i, r), axis=r), name="T_reduce_last")
    if how == "max":
        return te.compute(shape[:-1], lambda *i: te.max(x(*i, r), axis=r), name="T_reduce_last")
    raise ValueError(f"unknown reduce_last {how!r}")


def _act(x, params):
    act = params.get("activation", "none")
    if act == "relu":
        return topi.nn.relu(x)
    if act == "sigmoid":
        return topi.sigmoid(x)
    if act == "tanh":
        return topi.tanh(x)
    if act == "clip":
        lo, hi = params.get("clip", [-0.5, 0.5])
        return topi.clip(x, lo, hi)
    if act != "none":
        raise ValueError(f"unknown activation {act!r}")
    return x


def _scaled(x, params):
    scale = float(params.get("scale", 1.0))
    if scale != 1.0:
        return te.compute(x.shape, lambda *i: x(*i) * te.const(scale, "float32"), name="T_scale")
    return x


def dense(p):
    m, n, k = p["M"], p["N"], p["K"]
    kr = _extent(p, k)
    a = te.placeholder((m, k), name="A")
    if p.get("transpose_b", False):
        b = te.placeholder((k, n), name="B")
        r = te.reduce_axis((0, kr), name="k")
        out = te.compute((m, n), lambda i, j: te.sum(a[i, r] * b[r, j], axis=r), name="T_matmul_NN")
    else:
        b = te.placeholder((n, k), name="B")
        r = te.reduce_axis((0, kr), name="k")
        out = te.compute((m, n), lambda i, j: te.sum(a[i, r] * b[j, r], axis=r), name="T_matmul_NT")
    inputs = [a, b]
    if p.get("bias", False):
        bias = te.placeholder((n,), name="bias")
        inputs.append(bias)
        out = te.compute((m, n), lambda i, j: out[i, j] + bias[j], name="T_add_bias")
    return inputs, _act(_scaled(out, p), p)


def batch_matmul(p):
    bt, m, n, k = p["batch"], p["M"], p["N"], p["K"]
    kr = _extent(p, k)
    a = te.placeholder((bt, m, k), name="A")
    r = te.reduce_axis((0, kr), name="k")
    if p.get("transpose_b", True):
        b = te.placeholder((bt, n, k), name="B")
        out = te.compute(
            (bt, m, n), lambda z, i, j: te.sum(a[z, i, r] * b[z, j, r], axis=r), name="T_batch_matmul_NT"
        )
    else:
        b = te.placeholder((bt, k, n), name="B")
        out = te.compute(
            (bt, m, n), lambda z, i, j: te.sum(a[z, i, r] * b[z, r, j], axis=r), name="T_batch_matmul_NN"
        )
    return [a, b], _act(_scaled(out, p), p)


def _padding(p):
    pad = p.get("padding", 0)
    return list(pad) if isinstance(pad, list) else [pad, pad, pad, pad]


def conv2d_nchw(p):
    data = te.placeholder((p["N"], p["C"], p["H"], p["W"]), name="data")
    kernel = te.placeholder((p["O"], p["C"], p["R"], p["R"]), name="kernel")
    out = topi.nn.conv2d_nchw(data, kernel, p.get("stride", 1), _padding(p), p.get("dilation", 1))
    inputs = [data, kernel]
    if p.get("bias", False):
        bias = te.placeholder((p["O"],), name="bias")
        inputs.append(bias)
        out = te.compute(out.shape, lambda n, c, h, w: out[n, c, h, w] + bias[c], name="T_add_bias")
    return inputs, _act(_scaled(out, p), p)


def conv2d_nhwc(p):
    data = te.placeholder((p["N"], p["H"], p["W"], p["C"]), name="data")
    kernel = te.placeholder((p["R"], p["R"], p["C"], p["O"]), name="kernel")
    out = topi.nn.conv2d_nhwc(data, kernel, p.get("stride", 1), _padding(p), p.get("dilation", 1))
    inputs = [data, kernel]
    if p.get("bias", False):
        bias = te.placeholder((p["O"],), name="bias")
        inputs.append(bias)
        out = te.compute(out.shape, lambda n, h, w, c: out[n, h, w, c] + bias[c], name="T_add_bias")
    return inputs, _act(_scaled(out, p), p)


def depthwise_conv2d_nchw(p):
    data = te.placeholder((p["N"], p["C"], p["H"], p["W"]), name="data")
    kernel = te.placeholder((p["C"], 1, p["R"], p["R"]), name="kernel")
    out = topi.nn.depthwise_conv2d_nchw(data, kernel, p.get("stride", 1), _padding(p), p.get("dilation", 1))
    return [data, kernel], _act(_scaled(out, p), p)


def _pool(p, pool_type):
    data = te.placeholder((p["N"], p["C"], p["H"], p["W"]), name="data")
    k, s = p["kernel"], p.get("stride", p["kernel"])
    out = topi.nn.pool2d(
        data,
        kernel=(k, k),
        stride=(s, s),
        dilation=(1, 1),
        padding=_padding(p),
        pool_type=pool_type,
        ceil_mode=False,
        layout="NCHW",
        count_include_pad=p.get("count_include_pad", True),
    )
    return [data], _act(_scaled(out, p), p)


def max_pool2d(p):
    return _pool(p, "max")


def avg_pool2d(p):
    return _pool(p, "avg")


def global_pool2d(p):
    data = te.placeholder((p["N"], p["C"], p["H"], p["W"]), name="data")
    out = topi.nn.global_pool(data, pool_type=p.get("pool_type", "avg"), layout="NCHW")
    return [data], _act(_scaled(out, p), p)


def softmax(p):
    data = te.placeholder((p["N"], p["D"]), name="data")
    x = _scaled(data, {"scale": p.get("temperature_scale", 1.0)})
    if p.get("log", False):
        out = topi.nn.log_softmax(x, axis=p.get("axis", -1))
    else:
        out = topi.nn.softmax(x, axis=p.get("axis", -1))
    return [data], out


def layer_norm(p):
    n, d = p["N"], p["D"]
    data = te.placeholder((n, d), name="data")
    gamma = te.placeholder((d,), name="gamma")
    beta = te.placeholder((d,), name="beta")
    out = topi.nn.layer_norm(data, gamma, beta, axis=[1], epsilon=float(p.get("epsilon", 1e-5)))
    if not p.get("use_beta", True):
        out = te.compute((n, d), lambda i, j: out[i, j] - beta[j], name="T_drop_beta")
    return [data, gamma, beta], _act(out, p)


def rms_norm(p):
    n, d = p["N"], p["D"]
    data = te.placeholder((n, d), name="data")
    weight = te.placeholder((d,), name="weight")
    out = topi.nn.rms_norm(data, weight, axis=[1], epsilon=float(p.get("epsilon", 1e-5)))
    return [data, weight], _act(out, p)


def reduce(p):
    n, d = p["N"], p["D"]
    data = te.placeholder((n, d), name="data")
    extent = _extent(p, d)
    r = te.reduce_axis((0, extent), name="k")
    op = p.get("reduce_op", "sum")
    if op in ("sum", "mean"):
        out = te.compute((n,), lambda i: te.sum(data[i, r], axis=r), name="T_reduce_sum")
        if op == "mean":
            out = te.compute((n,), lambda i: out[i] / te.const(float(d), "float32"), name="T_mean")
    elif op == "max":
        out = te.compute((n,), lambda i: te.max(data[i, r], axis=r), name="T_reduce_max")
    elif op == "min":
        out = te.compute((n,), lambda i: te.min(data[i, r], axis=r), name="T_reduce_min")
    elif op == "sum_squares":
        out = te.compute((n,), lambda i: te.sum(data[i, r] * data[i, r], axis=r), name="T_reduce_ss")
    else:
        raise ValueError(f"unknown reduce_op {op!r}")
    return [data], _act(_scaled(out, p), p)


def _elementwise_chain(x, chain):
    for step in chain:
        name, _, arg = step.partition(":")
        c = float(arg) if arg else None
        if name == "add":
            x = topi.add(x, te.const(c, "float32"))
        elif name == "mul":
            x = topi.multiply(x, te.const(c, "float32"))
        elif name == "relu":
            x = topi.nn.relu(x)
        elif name == "sigmoid":
            x = topi.sigmoid(x)
        elif name == "tanh":
            x = topi.tanh(x)
        elif name == "exp":
            x = topi.exp(x)
        elif name == "abs":
            x = topi.abs(x)
        elif name == "square":
            x = topi.multiply(x, x)
        elif name == "clip":
            x = topi.clip(x, -c, c)
        else:
            raise ValueError(f"unknown elementwise step {step!r}")
    return x


def transpose_elementwise(p):
    """A transpose, an elementwise chain, optionally a residual add of a second tensor and a reduction
    of the last axis."""
    shape = tuple(p["shape"])
    axes = tuple(p["axes"])
    data = te.placeholder(shape, name="data")
    t = topi.transpose(data, axes)
    out = _elementwise_chain(t, p.get("chain", []))
    inputs = [data]
    if p.get("residual", False):
        res = te.placeholder(tuple(int(s) for s in out.shape), name="residual")
        inputs.append(res)
        out = topi.add(out, res)
    return inputs, _reduce_last(out, p)


def elementwise_chain(p):
    """Elementwise chains on two tensors, joined by add or multiply, a chain on the result, and
    optionally a reduction of the last axis."""
    shape = tuple(p["shape"])
    a = te.placeholder(shape, name="A")
    b = te.placeholder(shape, name="B")
    x = _elementwise_chain(a, p.get("chain_a", []))
    y = _elementwise_chain(b, p.get("chain_b", []))
    join = p.get("join", "add")
    out = topi.add(x, y) if join == "add" else topi.multiply(x, y)
    return [a, b], _reduce_last(_elementwise_chain(out, p.get("chain", [])), p)


KINDS = {
    "dense": dense,
    "batch_matmul": batch_matmul,
    "conv2d_nchw": conv2d_nchw,
    "conv2d_nhwc": conv2d_nhwc,
    "depthwise_conv2d_nchw": depthwise_conv2d_nchw,
    "max_pool2d": max_pool2d,
    "avg_pool2d": avg_pool2d,
    "global_pool2d": global_pool2d,
    "softmax": softmax,
    "layer_norm": layer_norm,
    "rms_norm": rms_norm,
    "reduce": reduce,
    "transpose_elementwise": transpose_elementwise,
    "elementwise_chain": elementwise_chain,
}


def build_tensors(operator):
    kind = operator.get("kind")
    if kind not in KINDS:
        raise ValueError(f"unknown operator kind {kind!r}")
    return KINDS[kind](operator.get("params", {}))


_modules = {}


def build_module(operator):
    """The operator's module with neutral buffer and block names (see `neutral_names`), cached."""
    key = json.dumps(operator, sort_keys=True)
    if key not in _modules:
        inputs, out = build_tensors(operator)
        func = te.create_prim_func(list(inputs) + [out])
        renamed = neutral_names(func, len(inputs))
        # Renaming must not change the computation: structural equality ignores names only.
        tvm.ir.assert_structural_equal(renamed, func)
        if len(_modules) > CACHE_LIMIT:
            _modules.clear()
        _modules[key] = tvm.IRModule({"main": renamed})
    return _modules[key]


def neutral_names(func, n_inputs):
    """`func` with every buffer named after its role, not its operator: inputs `in0, in1, ...` in argument
    order, the output `out`, intermediate tensors `tmp0, tmp1, ...` in allocation order; each block is
    named after the buffer it writes. TE and TOPI name tensors after the operation (`T_reduce_max`,
    `T_softmax_maxelem`, `pool_sum`), and those names reach the CUDA text as parameter and buffer names,
    which would tell the operator without reading the code. The renaming is done on the TVMScript text at
    the token level (identifiers and block-name strings only) and parsed back."""
    text = func.script()
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    params, allocs = [], []
    for j, t in enumerate(toks):
        if t.type == tokenize.NAME and t.string == "main" and j > 0 and toks[j - 1].string == "def":
            depth = 0
            for k in range(j + 1, len(toks)):
                s = toks[k].string
                if s in ("(", "[", "{"):
                    depth += 1
                elif s in (")", "]", "}"):
                    depth -= 1
                    if depth == 0:
                        break
                elif depth == 1 and toks[k].type == tokenize.NAME and toks[k + 1].string == ":":
                    params.append(s)
            break
    for j, t in enumerate(toks):
        # NAME = T . sblock_alloc_buffer
        if t.type == tokenize.NAME and t.string == "sblock_alloc_buffer" and toks[j - 3].string == "=":
            allocs.append(toks[j - 4].string)
    if len(params) != n_inputs + 1:
        raise ValueError(f"expected {n_inputs + 1} parameters, found {params}")
    names = {p: f"in{i}" for i, p in enumerate(params[:-1])}
    names[params[-1]] = "out"
    names.update({a: f"tmp{i}" for i, a in enumerate(allocs)})
    out = []
    for j, t in enumerate(toks):
        s = t.string
        if t.type == tokenize.NAME and s in names and toks[j - 1].string != ".":
            s = names[s]
        out.append([t.type, s])
    # Block names: `with T.sblock("NAME"):` takes the name of the first buffer its T.writes names.
    for j, t in enumerate(out):
        if t[0] == tokenize.STRING and j >= 2 and out[j - 2][1] == "sblock" and out[j - 1][1] == "(":
            for k in range(j + 1, len(out)):
                if out[k][1] == "writes":
                    out[j][1] = json.dumps(out[k + 2][1])
                    break
    return tvm.script.from_source(tokenize.untokenize([tuple(t) for t in out]))


def shapes_of(operator):
    inputs, out = build_tensors(operator)
    return [[int(s) for s in t.shape] for t in inputs], [int(s) for s in out.shape]


# ---------------------------------------------------------------------------------------------------
# CUDA schedules
# ---------------------------------------------------------------------------------------------------

_targets = {}


def cuda_target():
    if "cuda" not in _targets:
        _targets["cuda"] = tvm.target.Target(CUDA_TARGET)
    return _targets["cuda"]


def schedule_rules(unroll):
    rules = []
    for rule in ms.ScheduleRule.create("cuda"):
        if type(rule).__name__ == "ParallelizeVectorizeUnroll":
            # Explicit unrolling only (implicit unrolling breaks sm_80 codegen), with limits that keep
            # kernels in EquiBench's size range.
            rule = ms.schedule_rule.ParallelizeVectorizeUnroll(
                max_jobs_per_core=-1,
                max_vectorize_extent=-1,
                unroll_max_steps=list(unroll),
                unroll_explicit=True,
            )
        rules.append(rule)
    return rules


_spaces = {}


def design_space(operator, unroll):
    """The MetaSchedule CUDA design space of an operator: its module, traces and postprocessors."""
    key = json.dumps([operator, unroll], sort_keys=True)
    if key not in _spaces:
        mod = build_module(operator)
        ctx = ms.TuneContext(
            mod=mod,
            target=cuda_target(),
            space_generator=ms.space_generator.PostOrderApply(
                sch_rules=schedule_rules(unroll), postprocs=ms.Postproc.create("cuda"), mutator_probs={}
            ),
            task_name="equibench",
            rand_state=0,
            num_threads=1,
            # Without an explicit logger TuneContext segfaulted on this TVM build.
            logger=logging.getLogger("equibench.tvm_worker"),
        )
        traces = [s.trace for s in ctx.generate_design_space()]
        postprocs = list(ctx.space_generator.postprocs)
        if len(_spaces) > CACHE_LIMIT:
            _spaces.clear()
        _spaces[key] = (mod, traces, postprocs)
    return _spaces[key]


def schedule_from(mod, design_trace, postprocs, decide, seed=1, precheck=False):
    """A schedule made the way sampling makes one: a design-space trace applied with decisions from
    `decide` (None: draw with `seed`), then every CUDA postprocessor. Returns the schedule and the
    postprocessor that rejected it (None if all accepted); raises if the decisions do not apply.

    With `precheck`, a schedule whose thread extents already break VerifyGPUCode's first check (see
    `thread_extent_violated`) is answered as rejected by VerifyGPUCode right after the trace is
    applied: the other postprocessors cannot change those extents, so running them would only end in
    the same rejection. Sampling uses it; replay (the audit) always runs every postprocessor."""
    sch = tvm.s_tir.Schedule(mod, seed=seed)
    design_trace.apply_to_schedule(sch, remove_postproc=True, decision_provider=decide)
    if precheck and thread_extent_violated(sch.mod["main"].body, cuda_target()):
        COUNTS["schedules_prechecked"] += 1
        return sch, next(p for p in postprocs if type(p).__name__ == "VerifyGPUCode")
    for p in postprocs:
        if not p.apply(sch):
            return sch, p
    return sch, None


# The block annotations MetaSchedule's multi-level tiling puts on a block it binds to GPU threads, and
# the one cross-thread reductions carry (their threadIdx.x counts as a warp).
THREAD_EXTENT_LOW = "meta_schedule.thread_extent_low_inclusive"
THREAD_EXTENT_HIGH = "meta_schedule.thread_extent_high_inclusive"
WARP_EXECUTION = "warp_execution"


def thread_extent_violated(body, target):
    """Whether some block annotated with a thread-extent range sits under threadIdx loops whose extents
    multiply to a number outside it: the first check of TVM's VerifyGPUCode postprocessor
    (`ThreadExtentChecker` in src/s_tir/meta_schedule/postproc/verify_gpu_code.cc), which rejects such
    a schedule before it lowers anything. It is most of VerifyGPUCode's rejections: tilings whose
    thread-level tiles give fewer than 32 (a warp) or more than 1024 threads per block. Mirrors the C++
    visitor: innermost threadIdx.{x,y,z} loop extents in scope, threadIdx.x reset to the warp size inside
    a `warp_execution` block; a thread loop of non-constant extent fails the check too.

    Applied to the schedule right after the design-space trace, before the postprocessors: they add
    thread-bound loops only inside the cooperative-fetch blocks and bind blocks that are bound to no
    thread (the annotated blocks are bound by the tiling), so the extents over an annotated block are
    the same when VerifyGPUCode runs; crates/equibench-cuda/tests/worker_source.rs checks on real
    samples of every catalogue family that no schedule this refuses is accepted by the postprocessors."""
    warp = int(target.attrs["thread_warp_size"])
    stack = [(body, 1, 1, 1)]
    while stack:
        node, tx, ty, tz = stack.pop()
        if isinstance(node, tvm.tirx.For):
            if node.kind == tvm.tirx.ForKind.THREAD_BINDING:
                tag = node.thread_binding.thread_tag
                if tag.startswith("threadIdx."):
                    if not isinstance(node.extent, tvm.tirx.IntImm):
                        return True
                    extent = int(node.extent)
                    tx, ty, tz = (extent if tag == "threadIdx.x" else tx, extent if tag == "threadIdx.y" else ty,
                                  extent if tag == "threadIdx.z" else tz)
            stack.append((node.body, tx, ty, tz))
            continue
        if isinstance(node, tvm.s_tir.SBlockRealize):
            stack.append((node.block, tx, ty, tz))
            continue
        if isinstance(node, tvm.s_tir.SBlock):
            ann = node.annotations
            if WARP_EXECUTION in ann:
                tx = warp
            if THREAD_EXTENT_LOW in ann and THREAD_EXTENT_HIGH in ann:
                if not int(ann[THREAD_EXTENT_LOW]) <= tx * ty * tz <= int(ann[THREAD_EXTENT_HIGH]):
                    return True
            if node.init is not None:
                stack.append((node.init, tx, ty, tz))
            stack.append((node.body, tx, ty, tz))
            continue
        if isinstance(node, tvm.tirx.SeqStmt):
            stack.extend((child, tx, ty, tz) for child in node.seq)
            continue
        for field in ("body", "then_case", "else_case"):
            child = getattr(node, field, None)
            if isinstance(child, tvm.tirx.Stmt):
                stack.append((child, tx, ty, tz))
    return False


def plain(o):
    """A trace's JSON form as plain JSON values (TVM's own save_json segfaulted here)."""
    if o is None or isinstance(o, (bool, int, float, str)):
        return o
    if isinstance(o, tvm.tirx.FloatImm):
        return float(o.value)
    if isinstance(o, tvm.tirx.IntImm):
        return int(o.value)
    try:
        return [plain(x) for x in o]
    except TypeError:
        raise TypeError(f"unexpected {type(o).__name__} in a trace") from None


def strip_preamble(source):
    at = source.find(PREAMBLE_END)
    if at < 0:
        raise ValueError("TVM's portability preamble was not found in the CUDA source")
    body = source[at + len(PREAMBLE_END):]
    return "\n".join(line.rstrip() for line in body.strip("\n").split("\n")) + "\n"


# Statement fields that hold nested statements (the TVM Python API has no statement visitor).
STMT_CHILDREN = ("body", "seq", "block", "then_case", "else_case", "init")


def statements(root):
    """Every statement under `root` (itself included), depth first."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        for field in STMT_CHILDREN:
            child = getattr(node, field, None)
            if child is None:
                continue
            if field == "seq":
                stack.extend(child)
            else:
                stack.append(child)


def launch_dims(mod):
    """Grid and block extents of each kernel, in kernel order, from the scheduled TIR's thread bindings."""
    body = mod["main"].body.block.body
    nests = list(body.seq) if isinstance(body, tvm.tirx.SeqStmt) else [body]
    kernels = []
    for nest in nests:
        dims = {}
        for node in statements(nest):
            if isinstance(node, tvm.tirx.For) and node.kind == tvm.tirx.ForKind.THREAD_BINDING:
                tag = node.thread_binding.thread_tag
                if tag.startswith("blockIdx") or tag.startswith("threadIdx"):
                    dims[tag] = max(dims.get(tag, 1), int(node.extent))
        if dims:
            kernels.append(
                {
                    "grid": [dims.get("blockIdx." + a, 1) for a in "xyz"],
                    "block": [dims.get("threadIdx." + a, 1) for a in "xyz"],
                }
            )
    return kernels


# What this worker has done, for throughput measurements (`stats`).
COUNTS = {"schedules_tried": 0, "schedules_prechecked": 0, "schedules_valid": 0, "cuda_kernels": 0, "cpu_builds": 0}


def cuda_source(mod):
    """The CUDA source `tvm.compile(mod, target=cuda_target())` carries as its device module, made the
    way `tvm.tirx.build` makes it (the default TIR pipeline, the host/device split, the device
    finalisation passes, the device code generator) but without building the host module: the host
    side is an LLVM compilation (about two fifths of a `tvm.compile`) whose result only launches the
    kernels, and the kernel text does not depend on it. crates/equibench-cuda/tests/worker_source.rs
    checks that both give the same text (`debug_sources`)."""
    COUNTS["cuda_kernels"] += 1
    target = cuda_target()
    host = target.host if target.host is not None else Target("llvm" if tvm.runtime.enabled("llvm") else "c")
    mod = tvm.tirx.transform.BindTarget(target.with_host(host))(mod)
    pipeline, _finalize_host, finalize_device = tvm.tirx.get_tir_pipeline("default")
    _host_mod, device_mods = _tir_build.split_host_device_mods(pipeline(mod))
    if len(device_mods) != 1:
        raise ValueError(f"expected one CUDA device module, found {len(device_mods)}")
    ((device_target, device_mod),) = device_mods.items()
    return _tir_build.codegen_build(finalize_device()(device_mod), device_target).inspect_source()


def cuda_source_by_compile(mod):
    """The CUDA source as `tvm.compile` gives it (host and device): what `cuda_source` must equal."""
    return tvm.compile(mod, target=cuda_target()).mod.imports[0].inspect_source()


def workspaces(mod):
    """Name and shape of each global buffer the scheduled function allocates (intermediate tensors that
    kernels hand to each other), from the SBlocks' `alloc_buffers`."""
    found = []
    for node in statements(mod["main"].body):
        for b in getattr(node, "alloc_buffers", None) or []:
            if b.scope() == "global":
                found.append((b.name, [int(s) for s in b.shape]))
    return found


def launch_header(kernels, launch, operator, mod):
    """The host side of the program as a comment: every buffer the kernels take (name, shape, role) and
    each kernel launch in order, so the program text alone says how it is run. Kernel parameters are
    `NAME_ptr` for buffer NAME."""
    in_shapes, out_shape = shapes_of(operator)
    buffers = [(f"in{i}", s, f"input {i}") for i, s in enumerate(in_shapes)] + [("out", out_shape, "output")]
    buffers += [(n, s, "workspace") for n, s in workspaces(mod)]
    declared = [line for line in kernels.split("\n") if "__global__" in line and line.rstrip().endswith(");")]
    if len(declared) != len(launch):
        raise ValueError(f"{len(declared)} kernel declarations but {len(launch)} launch configurations")
    calls, used = [], set()
    for line, dims in zip(declared, launch):
        head, _, params = line.rstrip()[: -len(");")].partition("(")
        if head.endswith("__launch_bounds__"):
            head, _, params = params.partition(")")[2].partition("(")
        name = head.split()[-1]
        args = [p.split()[-1][: -len("_ptr")] for p in params.split(",")]
        used.update(args)
        calls.append(f"//   {name}<<<dim3({', '.join(map(str, dims['grid']))}), "
                     f"dim3({', '.join(map(str, dims['block']))})>>>({', '.join(args)});")
    known = {n for n, _, _ in buffers}
    if not used <= known:
        raise ValueError(f"kernel parameters without a known buffer: {sorted(used - known)}")
    lines = ["// Host side: float32 row-major buffers, then the kernel launches in order."]
    for n, shape, role in buffers:
        if n in used or role != "workspace":
            dims = "".join(f"[{d}]" for d in shape) or "[1]"
            lines.append(f"//   float {n}{dims};  // {role}")
    return "\n".join(lines + calls) + "\n"


def kernel_of(sch, operator):
    """The program of a schedule: its launch header and CUDA kernels (preamble stripped)."""
    kernels = strip_preamble(cuda_source(sch.mod))
    launch = launch_dims(sch.mod)
    return {"kernels": launch_header(kernels, launch, operator, sch.mod) + kernels, "launch": launch}


def sample(req):
    operator, unroll = req["operator"], req.get("unroll", [0, 16, 64])
    want, attempts = int(req.get("want", 2)), int(req.get("max_attempts", 200))
    min_lines, max_lines = int(req.get("min_lines", 1)), int(req.get("max_lines", 10**9))
    mod, traces, postprocs = design_space(operator, unroll)
    if not traces:
        return {"schedules": [], "attempts": 0, "valid": 0, "out_of_range": 0}
    seed0 = int(req["seed"]) % MAX_SEED
    found, seen = [], set()
    valid = out_of_range = tried = 0
    for i in range(attempts):
        tried += 1
        COUNTS["schedules_tried"] += 1
        # The first design-space trace tried comes from the seed too, so independent draws of one
        # operator start on different traces.
        space = (int(req.get("space", seed0)) + i) % len(traces)
        seed = (seed0 + i * 7919) % MAX_SEED + 1
        try:
            sch, rejected_by = schedule_from(mod, traces[space], postprocs, lambda *a: None, seed, precheck=True)
        except Exception:  # noqa: BLE001 - an invalid sample is a rejection, not an error
            continue
        if rejected_by is not None:
            continue
        valid += 1
        COUNTS["schedules_valid"] += 1
        try:
            kernel = kernel_of(sch, operator)
        except Exception:  # noqa: BLE001
            continue
        if kernel["kernels"] in seen:
            continue
        seen.add(kernel["kernels"])
        lines = kernel["kernels"].count("\n")
        if not (min_lines <= lines <= max_lines):
            out_of_range += 1
            continue
        kernel.update({"space": space, "seed": seed, "trace": plain(sch.trace.as_json())})
        found.append(kernel)
        if len(found) >= want:
            break
    return {"schedules": found, "attempts": tried, "valid": valid, "out_of_range": out_of_range}


# Instruction kinds a schedule of MetaSchedule's CUDA rules and postprocessors is made of. A recorded
# trace with any other kind (`UnsafeSetDType`, `UnsafeHideBufferAccess`, ...) is refused before it is
# applied: those primitives change what the program computes, not only how.
ALLOWED_KINDS = frozenset({
    "GetSBlock", "GetLoops", "GetChildBlocks", "GetProducers", "GetConsumers", "GetOutputBlocks",
    "SamplePerfectTile", "SamplePartitionedTile", "SampleCategorical", "SampleComputeLocation",
    "Split", "Fuse", "Reorder", "Bind", "Annotate", "Unannotate", "Vectorize", "Parallel", "Unroll",
    "CacheRead", "CacheWrite", "ComputeAt", "ReverseComputeAt", "ComputeInline", "ReverseComputeInline",
    "DecomposeReduction", "RFactor", "StorageAlign", "SetScope", "AddUnitLoop", "EnterPostproc",
})


def replay(req):
    """A recorded trace re-derived, not trusted: its instructions must all be allowed kinds, and it must be
    exactly what sampling makes, i.e. design-space trace `design_space` of the operator (under the
    recorded unroll steps) with the recorded sampling decisions, followed by the instructions the CUDA
    postprocessors add, every one of which must accept it. Only then are its kernels generated. A trace
    that fails is answered with `refused` (the reason), which the audit reports as a contradiction."""
    operator, trace = req["operator"], req["trace"]
    try:
        insts, decisions = trace
        kinds = {inst[0] for inst in insts}
        pending = [decision for _, decision in sorted(decisions, key=lambda d: d[0])]
    except (TypeError, ValueError, IndexError) as e:
        return {"refused": f"the trace is not a MetaSchedule trace ({e})"}
    outside = sorted(str(k) for k in kinds - ALLOWED_KINDS)
    if outside:
        return {"refused": "instructions outside the allow-list: " + ", ".join(outside)}
    mod, traces, postprocs = design_space(operator, req["unroll"])
    space = int(req["design_space"])
    if not 0 <= space < len(traces):
        return {"refused": f"design space {space} does not exist (the operator has {len(traces)})"}

    def recorded_decision(_inst, _inputs, _attrs, decision):
        if decision is None:
            return None
        if not pending:
            raise ValueError("the design space samples more often than the trace records")
        return pending.pop(0)

    try:
        sch, rejected_by = schedule_from(mod, traces[space], postprocs, recorded_decision)
    except Exception as e:  # noqa: BLE001 - decisions that do not apply are a refusal
        return {"refused": f"the recorded decisions do not apply to design space {space}: {e}"}
    if pending:
        return {"refused": f"{len(pending)} recorded decisions are not sampling decisions of design space {space}"}
    if rejected_by is not None:
        return {"refused": f"TVM's postprocessor {type(rejected_by).__name__} rejects the schedule"}
    if plain(sch.trace.as_json()) != trace:
        return {"refused": f"the trace is not design space {space} with its sampling decisions and postprocessing"}
    return kernel_of(sch, operator)


# ---------------------------------------------------------------------------------------------------
# CPU witnesses
# ---------------------------------------------------------------------------------------------------

_cpu = {}


def cpu_function(operator):
    key = json.dumps(operator, sort_keys=True)
    if key not in _cpu:
        if len(_cpu) > CACHE_LIMIT:
            _cpu.clear()
        COUNTS["cpu_builds"] += 1
        _cpu[key] = tvm.compile(build_module(operator), target="llvm")
    return _cpu[key]


def seeded_inputs(shapes, seed):
    """Input i is numpy default_rng(seed).uniform(-1, 1, shape_i) as float32, drawn in argument order."""
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1.0, 1.0, size=s).astype("float32") for s in shapes]


def run_cpu(operator, arrays):
    _, out_shape = shapes_of(operator)
    dev = tvm.cpu()
    args = [tvm.runtime.tensor(a, dev) for a in arrays]
    out = tvm.runtime.tensor(np.zeros(out_shape, dtype="float32"), dev)
    cpu_function(operator)["main"](*args, out)
    return out.numpy()


def _excess(ya, yb, rtol, atol, scale=None):
    """|ya - yb| - (atol + rtol |scale|) per element, `scale` yb unless given: positive where the outputs
    differ beyond tolerance (a NaN on one side only differs infinitely, NaN on both sides not at all)."""
    excess = np.abs(ya - yb) - (atol + rtol * np.abs(yb if scale is None else scale))
    bad_nan = np.isnan(ya) != np.isnan(yb)
    return np.where(np.isnan(excess), np.where(bad_nan, np.inf, -np.inf), excess)


def compare(req):
    a, b = req["operators"]
    (in_a, out_a), (in_b, out_b) = shapes_of(a), shapes_of(b)
    if in_a != in_b or out_a != out_b:
        return {"comparable": False, "shapes_1": [in_a, out_a], "shapes_2": [in_b, out_b]}
    seed = int(req["input_seed"])
    rtol, atol = float(req.get("rtol", 1e-3)), float(req.get("atol", 1e-3))
    inputs = seeded_inputs(in_a, seed)
    ya, yb = run_cpu(a, inputs), run_cpu(b, inputs)
    excess = _excess(ya, yb, rtol, atol)
    flat = int(np.argmax(excess))
    index = [int(i) for i in np.unravel_index(flat, ya.shape)] if ya.ndim else []
    return {
        "comparable": True,
        "input_shapes": in_a,
        "output_shape": out_a,
        "differs": bool(excess.reshape(-1)[flat] > 0),
        "differing_elements": int((excess > 0).sum()),
        "max_abs_diff": float(np.nanmax(np.abs(ya - yb))) if ya.size else 0.0,
        "index": index,
        "value_1": float(ya.reshape(-1)[flat]),
        "value_2": float(yb.reshape(-1)[flat]),
    }


def fresh_inputs(shapes, seed, trial):
    """Fresh input set `trial` of a disagreement count: numpy default_rng([seed, trial]).uniform(-1, 1,
    shape_i) as float32, drawn in argument order (a seed sequence of two words, so never the draw of a
    witness's `seeded_inputs`, which seeds with one)."""
    rng = np.random.default_rng([seed, trial])
    return [rng.uniform(-1.0, 1.0, size=s).astype("float32") for s in shapes]


def disagreement(req):
    a, b = req["operators"]
    (in_a, out_a), (in_b, out_b) = shapes_of(a), shapes_of(b)
    if in_a != in_b or out_a != out_b:
        return {"comparable": False}
    seed, trials = int(req["seed"]), int(req["trials"])
    rtol, atol = float(req.get("rtol", 1e-3)), float(req.get("atol", 1e-3))
    differing = 0
    for trial in range(trials):
        inputs = fresh_inputs(in_a, seed, trial)
        ya, yb = run_cpu(a, inputs), run_cpu(b, inputs)
        # Tolerance relative to the larger magnitude: the count is the same in either order.
        excess = _excess(ya, yb, rtol, atol, np.maximum(np.abs(ya), np.abs(yb)))
        differing += bool(excess.size and excess.max() > 0)
    return {"comparable": True, "trials": trials, "differing": differing}


# ---------------------------------------------------------------------------------------------------
# Reference runs for the CPU execution harness of the CUDA kernels (crates/equibench-cuda/src/exec)
# ---------------------------------------------------------------------------------------------------


def tensors(req):
    """The program's buffers by their neutral names (see `neutral_names`): inputs `in0, in1, ...` in
    argument order, the output `out`, and every intermediate tensor `tmp0, tmp1, ...`."""
    operator = req["operator"]
    in_shapes, out_shape = shapes_of(operator)
    return {
        "inputs": [{"name": f"in{i}", "shape": s} for i, s in enumerate(in_shapes)],
        "output": {"name": "out", "shape": out_shape},
        "intermediates": [{"name": n, "shape": s} for n, s in workspaces(build_module(operator))],
    }


def _b64(array):
    return base64.b64encode(np.ascontiguousarray(array, dtype="<f4").tobytes()).decode("ascii")


def reference(req):
    operator = req["operator"]
    in_shapes, _ = shapes_of(operator)
    sets = []
    for seed in req["input_seeds"]:
        inputs = seeded_inputs(in_shapes, int(seed))
        out = run_cpu(operator, inputs)
        sets.append({"inputs": [_b64(a) for a in inputs], "output": _b64(out)})
    return {"sets": sets}


# TIR intrinsics that become calls in the CUDA text (`T.exp` -> `__expf`, `T.max` -> `max`, ...).
MATH_INTRINSICS = {
    "exp", "exp2", "exp10", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "tanh", "sigmoid",
    "max", "min", "abs", "fabs", "pow", "erf", "floor", "ceil", "round", "trunc", "nearbyint",
    "sin", "cos", "tan", "atan", "atan2", "fmod", "clz", "popcount",
}


def signature(req):
    """Input and output shapes, and the math intrinsics the computation calls: two operators a pair
    could put side by side must agree on both (different math functions would tell two
    computations apart without reading the code)."""
    operator = req["operator"]
    tensors_in, tensor_out = build_tensors(operator)
    inputs, output = [[int(s) for s in t.shape] for t in tensors_in], [int(s) for s in tensor_out.shape]
    # The prim func before `neutral_names`: renaming changes buffer and block names only (never a
    # `T.name(` call), so the calls are the same, and the build's scan of every catalogue operator
    # skips a TVMScript parse per operator.
    text = te.create_prim_func(list(tensors_in) + [tensor_out]).script()
    calls = {t.string for i, t in enumerate(_tokens(text)) if t.string in MATH_INTRINSICS}
    return {"inputs": inputs, "output": output, "math": sorted(calls)}


def _tokens(text):
    """Names called as `T.name(` in a TVMScript text."""
    toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    return [toks[j] for j in range(2, len(toks) - 1)
            if toks[j - 2].string == "T" and toks[j - 1].string == "." and toks[j + 1].string == "("]


def hello(_req):
    return {
        "tvm": tvm.__version__,
        "python": ".".join(str(v) for v in sys.version_info[:3]),
        "kinds": sorted(KINDS),
        "target": CUDA_TARGET,
    }


def stats(_req):
    return dict(COUNTS)


def debug_exit(req):
    """Die abruptly, as a segfault in TVM would (used by the crash-recovery test)."""
    sys.stderr.write("debug_exit: exiting on request\n")
    sys.stderr.flush()
    os._exit(int(req.get("code", 3)))


def debug_sleep(req):
    """Stop answering for a while, as a hang in TVM would (used by the hang-detection test)."""
    time.sleep(float(req.get("seconds", 1.0)))
    return {}


def debug_spin(req):
    """Compute without answering for a while, as a runaway TVM search would (CPU-budget test)."""
    end = time.process_time() + float(req.get("seconds", 1.0))
    while time.process_time() < end:
        pass
    return {}


def debug_sources(req):
    """For each of the first `want` valid schedules among `seeds` (design-space trace `seed mod n`), whether `cuda_source`
    gives exactly the text of `cuda_source_by_compile` (used by the test of the device-only build)."""
    mod, traces, postprocs = design_space(req["operator"], req.get("unroll", [0, 16, 64]))
    same, differ = 0, []
    for seed in req["seeds"]:
        if same + len(differ) >= int(req.get("want", 2)):
            break
        try:
            sch, rejected_by = schedule_from(mod, traces[seed % len(traces)], postprocs, lambda *a: None, seed)
        except Exception:  # noqa: BLE001 - not a sample
            continue
        if rejected_by is not None:
            continue
        texts = []
        for make in (cuda_source, cuda_source_by_compile):
            try:
                texts.append(make(sch.mod))
            except Exception as e:  # noqa: BLE001 - both paths must fail alike too
                texts.append(f"error: {type(e).__name__}")
        if texts[0] == texts[1]:
            same += 1
        else:
            differ.append(seed)
    return {"same": same, "differ": differ}


def debug_renamed_math(req):
    """The math calls of the operator's module after `neutral_names` (what `signature` read before it
    read the prim func without the renaming): the test that both agree on every operator kind."""
    text = build_module(req["operator"])["main"].script()
    return {"math": sorted({t.string for t in _tokens(text) if t.string in MATH_INTRINSICS})}


def debug_precheck(req):
    """For each seed (design-space trace `seed mod n`, decisions drawn with the seed): whether
    `thread_extent_violated` refuses the schedule right after its trace is applied, and whether the
    postprocessors, all run anyway, accept it. `refused_but_accepted` lists the seeds where the pre-check
    would have dropped a schedule sampling keeps (used by the test that it never does)."""
    mod, traces, postprocs = design_space(req["operator"], req.get("unroll", [0, 16, 64]))
    counts = {"applied": 0, "refused": 0, "rejected": 0, "refused_but_accepted": []}
    for seed in req["seeds"]:
        sch = tvm.s_tir.Schedule(mod, seed=seed)
        try:
            traces[seed % len(traces)].apply_to_schedule(sch, remove_postproc=True, decision_provider=lambda *a: None)
        except Exception:  # noqa: BLE001 - not a sample
            continue
        counts["applied"] += 1
        refused = thread_extent_violated(sch.mod["main"].body, cuda_target())
        try:
            accepted = all(p.apply(sch) for p in postprocs)
        except Exception:  # noqa: BLE001 - a postprocessor that fails rejects, as in `sample`
            accepted = False
        counts["refused"] += refused
        counts["rejected"] += not accepted
        if refused and accepted:
            counts["refused_but_accepted"].append(seed)
    return counts


OPS = {"hello": hello, "signature": signature, "sample": sample, "replay": replay, "compare": compare, "stats": stats,
       "debug_exit": debug_exit, "debug_sleep": debug_sleep, "debug_spin": debug_spin}
OPS.update({"tensors": tensors, "reference": reference})  # the CPU execution harness's requests
OPS["disagreement"] = disagreement  # the subtlety of an inequivalent pair (issue 41)
OPS["debug_sources"] = debug_sources
OPS["debug_precheck"] = debug_precheck
OPS["debug_renamed_math"] = debug_renamed_math


def main():
    out = sys.stdout
    # TVM and numpy may print; keep stdout for answers only.
    sys.stdout = sys.stderr
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            op = OPS.get(req.get("op"))
            if op is None:
                raise ValueError(f"unknown op {req.get('op')!r}")
            answer = {"id": rid, "ok": True}
            answer.update(op(req))
        except Exception as e:  # noqa: BLE001 - every failure becomes an answer
            answer = {"id": rid, "ok": False, "error": f"{type(e).__name__}: {e}"}
            traceback.print_exc(file=sys.stderr)
        try:
            text = json.dumps(answer, allow_nan=False)
        except ValueError as e:
            text = json.dumps({"id": rid, "ok": False, "error": f"unserialisable answer: {e}"})
        out.write(text + "\n")
        out.flush()


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Regenerate the few-shot exemplars that `equibench eval` shows in FEW and FEW_COT prompts:
# data/exemplars/<CATEGORY>.jsonl, four equivalent and four inequivalent pairs per category, each
# made by the category's own pipeline at a build seed reserved for exemplars
# (equibench_core::seed::EXEMPLAR_SEEDS, which `equibench build` refuses without --exemplar-seed),
# so an exemplar can never be a pair of a benchmark build; at such a seed every category whose
# sources a build can exhaust or reuse draws from sources reserved for exemplars, which benchmark
# builds never draw (OJ's reserved problems, data/x86/exemplars/ for x86-64 and WASM with
# wasm-smith draws after the benchmark's list, CUDA's `exemplar_shapes`, DCE's CSmith seeds below
# 2^16), so no exemplar shares a program with a benchmark pair either. The build is
# audited before anything is written; of its pairs the shortest of each label are kept (a few-shot
# prompt repeats them for every pair it asks about), ties broken by id, so the choice is
# deterministic. A prompt shows two of each label; the other two are spares, a guard only (eval
# takes the first two of each label, in file order, that share no program with the evaluated set).
#
#   scripts/make-exemplars.sh [CATEGORY...]     (default: every compiled-in category)
#   SEED=... PAIRS=... PER_LABEL=... BIN=... scripts/make-exemplars.sh
#                                     (defaults: 2^52, the first reserved seed; 12 pairs; 4 kept per label;
#                                     the release binary, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
seed="${SEED:-4503599627370496}"
pairs="${PAIRS:-12}"
per_label="${PER_LABEL:-4}"
if [ -n "${BIN:-}" ]; then
  bin="$BIN"   # a binary built from this checkout, e.g. target/debug/equibench (same pairs, any profile)
else
  cargo build --release -q -p equibench-cli
  bin=target/release/equibench
fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cats=()
if [ $# -gt 0 ]; then cats=(--categories "$(IFS=,; echo "$*")"); fi
"$bin" build --exemplar-seed --seed "$seed" --pairs "$pairs" --out "$work/out" "${cats[@]}"
"$bin" validate "$work/out"
"$bin" audit "$work/out"
mkdir -p data/exemplars
python3 - "$work/out/pairs.jsonl" data/exemplars "$per_label" <<'EOF'
import json, sys, collections
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
pairs = [dict(json.loads(l), _line=l) for l in lines]
keep = int(sys.argv[3])
by = collections.defaultdict(list)
for p in pairs:
    by[p["category"]].append(p)
for category, ps in sorted(by.items()):
    chosen = []
    for label in (True, False):
        same = [p for p in ps if p["equivalent"] == label]
        same.sort(key=lambda p: (p["stats"]["lines_1"] + p["stats"]["lines_2"], p["id"]))
        if len(same) < keep:
            sys.exit(f"{category}: only {len(same)} pairs labelled {label}; raise PAIRS")
        chosen += same[:keep]
    path = f"{sys.argv[2]}/{category}.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        for p in chosen:
            f.write(p["_line"] + "\n")  # verbatim, as the build wrote it
    print(f"{path}: {len(chosen)} exemplars, lines {[p['stats']['lines_1'] + p['stats']['lines_2'] for p in chosen]}")
EOF

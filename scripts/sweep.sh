#!/usr/bin/env bash
# The sweep of unseen seeds (issue 36): every promise checked as a user would, at seeds nobody
# tuned on. For each of K seeds drawn at random (printed first, and recorded), it runs the
# user's commands on the release binary:
#
#   build --categories CATEGORIES --pairs PAIRS --seed S   must exit 0 with PAIRS/2 + PAIRS/2 of every category
#   validate                                                 must exit 0
#   audit                                                    must exit 0 (every label confirmed)
#   eval --dry-run --prompt zero|few|zero-cot|few-cot        must exit 0 (few-shot included)
#   shortcuts --max-accuracy 60                              must exit 0 (features that are the
#                                                            task itself, OJ_V's alpha-equivalence,
#                                                            are reported apart and not counted), or
#                                                            be above 60% only within chance for the
#                                                            category's size (50% + 3 SD of a coin)
#
# and appends a dated section to bench/SWEEP.md: the seeds, one row per seed (each stage's result,
# pairs per category, the worst shortcut), and wall / CPU (user + sys, the command and all its
# descendants, scripts/cputime.py) per stage.
#
# A seed that fails is a defect to fix, never a seed to skip: the failure is reported loudly (seed,
# stage, exit status, where its output is), the failing stage's output and the build are kept under
# FAILURES, the other seeds still run, and the script exits 1.
#
#   scripts/sweep.sh                       8 random seeds, 100 pairs, all seven categories
#   K=2 PAIRS=400 CATEGORIES=dce,cuda,x86,oj_a,oj_v,oj_va scripts/sweep.sh
#   SEEDS="123 456" scripts/sweep.sh       rerun given seeds
#
# Environment: K (8), SEEDS (drawn: uniform in 3 .. 2^52, below the exemplar seeds), PAIRS (100),
# CATEGORIES (every compiled-in category), JOBS (2), NICE (10: runs at low priority; 0 for none),
# SWEEP (bench/SWEEP.md), FAILURES (bench/sweep-failures, not committed), KEEP=DIR keeps every output in DIR (default: a temp dir, removed; a failing
# seed's output is always copied to FAILURES).
set -uo pipefail
cd "$(dirname "$0")/.."
k="${K:-8}"
pairs="${PAIRS:-100}"
jobs="${JOBS:-2}"
niceness="${NICE:-10}"
sweep="${SWEEP:-bench/SWEEP.md}"
failures="${FAILURES:-bench/sweep-failures}"
if [ -n "${SEEDS:-}" ]; then
  read -r -a seeds <<< "$SEEDS"
else
  # Build seeds below 2^52 (equibench_core::seed::EXEMPLAR_SEEDS, the seeds reserved for exemplar
  # builds, are 2^52 .. 2^53), never 0, 1 or 2 (the seeds tests use). The sources reserved for
  # exemplars (x86/WASM data/x86/exemplars/ and wasm-smith draws 400..440, CUDA exemplar_shapes,
  # DCE CSmith seeds below 2^16, OJ reserved problems) are never drawn by such a build.
  mapfile -t seeds < <(python3 -c "
import secrets
for _ in range($k):
    print(3 + secrets.randbelow((1 << 52) - 3))")
fi
echo "sweep: seeds ${seeds[*]}"
cargo build --release -q -p equibench-cli || { echo "sweep: the release build failed" >&2; exit 2; }
bin="$PWD/target/release/equibench"
if [ -n "${CATEGORIES:-}" ]; then categories="$CATEGORIES"
else
  # Every compiled-in category: the CLI names `equibench --help` lists under "Categories" (a name,
  # two spaces or more, its summary; a summary's wrapped lines have no such gap).
  categories=$("$bin" --help | python3 -c "
import re, sys
names, inside = [], False
for line in sys.stdin:
    if line.startswith('Categories'):
        inside = True
    elif inside and not line.strip():
        break
    elif inside and (m := re.match(r'  ([a-z0-9_]+) {2,}\S', line)):
        names.append(m.group(1))
print(','.join(names))")
fi
[ -n "$categories" ] || { echo "sweep: no categories (set CATEGORIES)" >&2; exit 2; }
run=(nice -n "$niceness")
[ "$niceness" = "0" ] && run=()
if [ -n "${KEEP:-}" ]; then work="$KEEP"; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$failures" "$(dirname "$sweep")"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | head -1)
section="$work/section.md"
{
  echo
  echo "## Sweep $(date -u '+%Y-%m-%d %H:%M') UTC: ${#seeds[@]} seeds x $pairs pairs, $categories"
  echo
  echo "\`scripts/sweep.sh\` on ${commit}${dirty:+ (with uncommitted changes)}, release binary, \`--jobs $jobs\`, nice $niceness;"
  echo "machine: $(nproc) cores, load average at the start $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Seeds: \`SEEDS=\"${seeds[*]}\"\`"
  echo
  echo "| seed | build | validate | audit | eval zero / few / zero-cot / few-cot | shortcuts (worst) | pairs per category (eq + ineq) | build wall / CPU (s) | audit wall / CPU (s) | other stages wall / CPU (s) |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$section"
# Appended to the record however the sweep ends, so the seeds drawn are never lost.
record() { cat "$section" >> "$sweep"; echo "sweep: wrote $sweep"; }
trap 'record; [ -z "${KEEP:-}" ] && rm -rf "$work"' EXIT
failed_seeds=()

# "wall cpu" of a cputime.py output file.
wall_cpu() { awk '{printf "%.1f / %.1f", $1, $2 + $3}' "$1"; }

for seed in "${seeds[@]}"; do
  dir="$work/$seed"; logs="$work/$seed.logs"
  rm -rf "$dir" "$logs"; mkdir -p "$logs"
  # stage NAME COMMAND...: run it under cputime.py (stdout+stderr in $logs/NAME.log); prints
  # `ok` or `FAILED (exit N)`, and on failure the command and its last lines on stderr.
  stage() {
    local name="$1"; shift
    if "${run[@]}" scripts/cputime.py "$logs/$name.time" "$@" > "$logs/$name.log" 2>&1; then
      echo ok
    else
      local rc=$?
      echo "FAILED (exit $rc)"
      {
        echo "sweep: SEED $seed FAILED at $name (exit $rc): $*"
        tail -n 20 "$logs/$name.log" | sed 's/^/sweep:   /'
      } >&2
    fi
  }
  echo "sweep: seed $seed: build"
  build=$(stage build "$bin" build --categories "$categories" --pairs "$pairs" --seed "$seed" --jobs "$jobs" --out "$dir")
  # Every category must be full: PAIRS/2 of each label.
  made=$(python3 - "$dir/manifest.json" "$pairs" <<'PY' 2>/dev/null || echo "no manifest"
import json, sys
m = json.load(open(sys.argv[1]))
half = int(sys.argv[2]) // 2
parts, short = [], []
for name, v in m["categories"].items():
    eq, ineq = v.get("equivalent", 0), v.get("inequivalent", 0)
    parts.append(f"{name} {eq}+{ineq}")
    if eq != half or ineq != half:
        short.append(name)
print(", ".join(parts) + (f" SHORT: {' '.join(short)}" if short else ""))
PY
)
  if [[ "$made" == *SHORT* || "$made" == "no manifest" ]] && [ "$build" = ok ]; then
    build="FAILED (short)"
    echo "sweep: SEED $seed FAILED at build: $made" >&2
  fi
  if [ -f "$dir/pairs.jsonl" ]; then
    echo "sweep: seed $seed: validate, audit, eval --dry-run, shortcuts"
    validate=$(stage validate "$bin" validate "$dir")
    audit=$(stage audit "$bin" audit "$dir" --jobs "$jobs")
    evals=()
    for p in zero few zero-cot few-cot; do
      evals+=("$(stage "eval-$p" "$bin" eval "$dir" --model sweep-dry-run --prompt "$p" --dry-run)")
    done
    shortcuts=$(stage shortcuts "$bin" shortcuts "$dir" --max-accuracy 60)
    "$bin" --quiet shortcuts --json "$dir" > "$logs/shortcuts.json" 2>/dev/null
    # The 60% bar is for benchmark sizes (400 pairs per category: a chance rule's held-out accuracy
    # has a standard deviation of 2.5 points). At a sweep's smaller sizes chance alone passes it
    # (11 points at 20 pairs; two seeds "failed" so at 20 pairs and gave 44-50% at 200): a
    # category above 60% fails only if it is also above 50% + 3 standard deviations of a coin
    # (sqrt(0.25 / pairs)), and the row says which bar applied.
    if [[ "$shortcuts" == FAILED* ]]; then
      noise=$(python3 - "$logs/shortcuts.json" <<'PY' 2>/dev/null || echo "?"
import json, math, sys
above = []
for c in json.load(open(sys.argv[1]))["categories"]:
    bar = max(0.60, 0.5 + 3 * math.sqrt(0.25 / max(c["pairs"], 1)))
    best = max(c["best_single"]["accuracy"], c["depth2"]["accuracy"])
    if best > bar:
        above.append(f"{c['category']} {best:.1%} > {bar:.1%}")
print("; ".join(above) if above else "noise")
PY
)
      if [ "$noise" = noise ]; then
        shortcuts="ok (above 60% only within chance at this size)"
        echo "sweep: seed $seed: shortcuts above 60% only within chance for its pairs per category" >&2
      fi
    fi
    worst=$(python3 - "$logs/shortcuts.json" <<'PY' 2>/dev/null || echo "?"
import json, sys
worst = None
for c in json.load(open(sys.argv[1]))["categories"]:
    for learner in ("best_single", "depth2"):
        a = c[learner]["accuracy"]
        if worst is None or a > worst[0]:
            worst = (a, c["category"], c[learner].get("feature", "tree"))
print(f"{worst[0]:.1%} ({worst[1]} {worst[2]})" if worst else "-")
PY
)
  else
    validate="not run"; audit="not run"; evals=("not run" "not run" "not run" "not run"); shortcuts="not run"; worst="-"
  fi
  # `stage` runs in a subshell ($(...)): the stages that failed are read back from the verdicts.
  fails=()
  for pair in "build:$build" "validate:$validate" "audit:$audit" "eval-zero:${evals[0]}" "eval-few:${evals[1]}" "eval-zero-cot:${evals[2]}" "eval-few-cot:${evals[3]}" "shortcuts:$shortcuts"; do
    [[ "${pair#*:}" == FAILED* ]] && fails+=("${pair%%:*}")
  done
  timing() { [ -f "$logs/$1.time" ] && wall_cpu "$logs/$1.time" || echo "-"; }
  others=$(python3 - "$logs" <<'PY'
import os, sys
wall = cpu = 0.0
for f in os.listdir(sys.argv[1]):
    if f.endswith(".time") and f not in ("build.time", "audit.time"):
        w, u, s = map(float, open(os.path.join(sys.argv[1], f)).read().split()[:3])
        wall += w; cpu += u + s
print(f"{wall:.1f} / {cpu:.1f}")
PY
)
  shortcuts_cell="$worst"; [[ "$shortcuts" == FAILED* ]] && shortcuts_cell="**FAILED** $worst"
  [[ "$shortcuts" == "ok ("* ]] && shortcuts_cell="$worst: above 60% only within chance at this size"
  cell() { [[ "$1" == FAILED* ]] && echo "**$1**" || echo "$1"; }
  echo "| $seed | $(cell "$build") | $(cell "$validate") | $(cell "$audit") | $(cell "${evals[0]}") / $(cell "${evals[1]}") / $(cell "${evals[2]}") / $(cell "${evals[3]}") | $shortcuts_cell | $made | $(timing build) | $(timing audit) | $others |" >> "$section"
  if [ ${#fails[@]} -gt 0 ]; then
    failed_seeds+=("$seed")
    keep="$failures/seed-$seed"
    rm -rf "$keep"; mkdir -p "$keep"
    cp -r "$logs" "$keep/logs"
    [ -d "$dir" ] && cp -r "$dir" "$keep/out"
    echo "sweep: SEED $seed FAILED at: ${fails[*]}; its output and logs are in $keep" >&2
    echo "" >> "$section.failures"
    echo "- seed $seed failed at: ${fails[*]} (output and logs kept in \`$keep\`)" >> "$section.failures"
  else
    echo "sweep: seed $seed: every stage passed ($made)"
  fi
done

if [ ${#failed_seeds[@]} -gt 0 ]; then
  { echo; echo "**FAILED seeds: ${failed_seeds[*]}** (each is a defect to fix):"; grep -v '^$' "$section.failures"; } >> "$section"
  echo "sweep: FAILED seeds: ${failed_seeds[*]}" >&2
  exit 1
fi
echo "" >> "$section"
echo "Every stage passed at every seed." >> "$section"
echo "sweep: every stage passed at every seed"

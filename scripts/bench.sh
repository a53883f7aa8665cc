#!/usr/bin/env bash
# Measure regeneration speed: a fresh build of the benchmark, wall time and pairs per minute, written
# to bench/RESULTS.md together with a description of the machine. Speed is measured here and
# reported, never asserted by a test.
#
#   scripts/bench.sh [PAIRS_PER_CATEGORY] [CATEGORY...]     (defaults: 20, EquiBench's six categories)
#   JOBS=2 SEED=1 scripts/bench.sh 400          the full 2400-pair regeneration as a user runs it: ONE
#                                                `equibench build` of all the categories (their blocks
#                                                share the workers); per-category rows give each
#                                                category's worker time from the build's summary
#   SEPARATE=1 scripts/bench.sh 400              one build per category instead (each timed on its own)
#   AUDIT=1 scripts/bench.sh 400                 also time `equibench audit` of each output
#   KEEP=DIR scripts/bench.sh 400                keep the outputs in DIR (default: a temp dir, removed)
#   FRESH=50 AUDIT=1 scripts/bench.sh 400        also time the OJ audits with `--fresh-inputs 50`
#   RESULTS=FILE scripts/bench.sh 400            write the table to FILE (default bench/RESULTS.md)
#
# Build and audit times are wall / user / system seconds of the command and all its descendants
# (scripts/cputime.py, which also reaps the workers a command never waits for).
#
# Each output's surface-shortcut report (`equibench shortcuts`, issue 14) is measured too: the
# held-out accuracy of the best single-feature rule and of a depth-2 tree (50% is chance).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-20}"; shift || true
jobs="${JOBS:-$(nproc)}"
seed="${SEED:-1}"
cargo build --release -q -p equibench-cli
bin=target/release/equibench
if [ $# -gt 0 ]; then cats=("$@"); else cats=(dce cuda x86 oj_a oj_v oj_va); fi
mkdir -p bench
audit="${AUDIT:-0}"
fresh="${FRESH:-}"
results="${RESULTS:-bench/RESULTS.md}"
# Wall, user and system seconds of a command, from /usr/bin/time's output file.
timed() { scripts/cputime.py "$@"; }
fmt_time() { awk '{printf "%.1f / %.1f / %.1f", $1, $2, $3}' "$1"; }
if [ -n "${KEEP:-}" ]; then work="$KEEP"; mkdir -p "$work"; else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; fi
{
  echo "# equibench speed"
  echo
  echo "Measured $(date -u +%Y-%m-%d) by scripts/bench.sh: --pairs $pairs --jobs $jobs --seed $seed, fresh output directory."
  echo
  echo "Machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(free -g | awk '/Mem:/{print $2}') GB, $(. /etc/os-release; echo "$PRETTY_NAME")."
  echo
  echo "| category | pairs | wall (s) | build wall / user / sys (s) | pairs/min | shortcuts: single / depth-2 | rejected | audit wall / user / sys (s) |"
  echo "|---|---|---|---|---|---|---|---|"
} > "$work/results.md"
# Rejections of one category in an output's manifest: "TOTAL reason=n ...".
rejections() {
  python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
reasons = {}
for name, v in m['categories'].items():
    if sys.argv[2] not in ('', name):
        continue
    for k, n in v['rejected'].items():
        reasons[k] = reasons.get(k, 0) + n
print(sum(reasons.values()), ' '.join(f'{k}={n}' for k, n in sorted(reasons.items())) if reasons else '')
" "$1" "${2:-}" 2>/dev/null || echo "?"
}
if [ "${SEPARATE:-0}" != "1" ] && [ "${#cats[@]}" -gt 1 ]; then
  # The user's command: one build of every category, their blocks in one queue on $jobs workers.
  out="$work/all"; rm -rf "$out"
  list=$(IFS=,; echo "${cats[*]}")
  timed "$work/all.time" "$bin" build --categories "$list" --pairs "$pairs" --jobs "$jobs" --seed "$seed" --out "$out" > "$work/all.log" 2>&1 || true
  wall=$(awk '{printf "%.1f", $1}' "$work/all.time")
  made=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['total_pairs'])" "$out/manifest.json" 2>/dev/null || echo 0)
  "$bin" --quiet shortcuts --json "$out" > "$work/all.shortcuts" 2>/dev/null || true
  audited="not run"
  if [ "$audit" = "1" ]; then
    if timed "$work/all.audit.time" "$bin" --quiet audit "$out" --jobs "$jobs" > "$work/all.audit" 2>&1; then verdict="all confirmed"; else verdict="exit $?"; fi
    audited="$verdict: $(fmt_time "$work/all.audit.time")"
    if [ -n "$fresh" ]; then
      if timed "$work/all.fresh.time" "$bin" --quiet audit "$out" --jobs "$jobs" --fresh-inputs "$fresh" > "$work/all.fresh" 2>&1; then verdict="all confirmed"; else verdict="exit $?"; fi
      audited="$audited; --fresh-inputs $fresh $verdict: $(fmt_time "$work/all.fresh.time")"
    fi
  fi
  for c in "${cats[@]}"; do
    # The category's name in the manifest and the summary line (the CLI name, e.g. x86 -> x86-64 in the manifest).
    row=$(python3 - "$out/manifest.json" "$work/all.shortcuts" "$work/all.log" "$c" <<'PY'
import json, re, sys
manifest, shortcuts, log, cli = sys.argv[1:5]
try:
    m = json.load(open(manifest))
except OSError:
    print("| %s | 0 | | | | | | |" % cli); sys.exit()
names = list(m["categories"])
def key(n):
    return n.lower().replace("-", "").replace("_", "")
# The manifest names a category by its display name (x86 -> x86-64, oj_a -> OJ_A).
name = next((n for n in names if key(n) == key(cli)), None) or next((n for n in names if key(n).startswith(key(cli))), cli)
v = m["categories"].get(name, {})
made = f"{v.get('equivalent', 0)} + {v.get('inequivalent', 0)}"
reasons = v.get("rejected", {})
rej = f"{sum(reasons.values())} " + " ".join(f"{k}={n}" for k, n in sorted(reasons.items()))
sc = "?"
try:
    for c in json.load(open(shortcuts))["categories"]:
        if c.get("category") in (name, cli):
            sc = f"{c['best_single']['accuracy']:.1%} ({c['best_single']['feature']}) / {c['depth2']['accuracy']:.1%}"
except (OSError, ValueError, KeyError):
    pass
worker = ""
for line in open(log, errors="replace"):
    f = line.split()
    if f and f[0] == cli and "worker-s" in line:
        worker = re.search(r"([0-9.]+) worker-s", line).group(1)
print(f"| {cli} | {made} | | {worker} worker-s | | {sc} | {rej} | |")
PY
)
    echo "$row" >> "$work/results.md"
  done
  rate=$(python3 -c "w=$wall; print(f'{$made/w*60:.1f}' if w>0 else '0')")
  echo "| **all, one command** | $made | $wall | $(fmt_time "$work/all.time") | $rate | | $(rejections "$out/manifest.json") | $audited |" >> "$work/results.md"
  {
    echo
    echo "One \`equibench build --categories $list\`: the categories' blocks share the $jobs workers, so a category's"
    echo "row gives its worker time (the wall time of its blocks, summed over workers) from the build's summary,"
    echo "not a wall time of its own (\`SEPARATE=1\` times each category alone). The audit is one \`equibench audit\`"
    echo "of the whole output; with FRESH the second audit adds \`--fresh-inputs\` (OJ's categories use it)."
    echo
    echo "Rejections by reason are in the output's manifest.json (\`equibench stats DIR\` prints them)."
  } >> "$work/results.md"
  cp "$work/results.md" "$results"
  echo "bench: $made pairs in ${wall}s ($rate pairs/min); audit: $audited"
  echo "bench: wrote $results"
  exit 0
fi
total_made=0; total_wall=0
for c in "${cats[@]}"; do
  rm -rf "${work:?}/$c"
  start=$(date +%s.%N)
  timed "$work/$c.time" "$bin" --quiet build --categories "$c" --pairs "$pairs" --jobs "$jobs" --seed "$seed" --out "$work/$c" > "$work/$c.log" 2>&1 || true
  end=$(date +%s.%N)
  if grep -q "has not landed" "$work/$c.log"; then
    echo "| $c | not in this build | | | | | | |" >> "$work/results.md"; echo "bench: $c: not in this build"; continue
  fi
  made=$(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(m['total_pairs'])" "$work/$c/manifest.json" 2>/dev/null || echo 0)
  rejected=$(python3 -c "
import json, sys
m = json.load(open(sys.argv[1]))
reasons = {}
for v in m['categories'].values():
    for k, n in v['rejected'].items():
        reasons[k] = reasons.get(k, 0) + n
print(sum(reasons.values()), ' '.join(f'{k}={n}' for k, n in sorted(reasons.items())) if reasons else '')
" "$work/$c/manifest.json" 2>/dev/null || echo "?")
  wall=$(python3 -c "print(f'{$end-$start:.1f}')")
  rate=$(python3 -c "w=$end-$start; print(f'{$made/w*60:.1f}' if w>0 else '0')")
  shortcuts=$("$bin" --quiet shortcuts --json "$work/$c" 2>/dev/null | python3 -c "
import json, sys
for c in json.load(sys.stdin)['categories']:
    print(f\"{c['best_single']['accuracy']:.1%} ({c['best_single']['feature']}) / {c['depth2']['accuracy']:.1%}\")
" || echo "?")
  audited="not run"
  if [ "$audit" = "1" ]; then
    if timed "$work/$c.audit.time" "$bin" --quiet audit "$work/$c" --jobs "$jobs" > "$work/$c.audit" 2>&1; then verdict="all confirmed"; else verdict="exit $?"; fi
    audited="$verdict: $(fmt_time "$work/$c.audit.time")"
    if [ -n "$fresh" ] && [[ "$c" == oj_* ]]; then
      if timed "$work/$c.fresh.time" "$bin" --quiet audit "$work/$c" --jobs "$jobs" --fresh-inputs "$fresh" > "$work/$c.fresh" 2>&1; then verdict="all confirmed"; else verdict="exit $?"; fi
      audited="$audited; --fresh-inputs $fresh $verdict: $(fmt_time "$work/$c.fresh.time")"
    fi
  fi
  echo "| $c | $made | $wall | $(fmt_time "$work/$c.time") | $rate | $shortcuts | $rejected | $audited |" >> "$work/results.md"
  echo "bench: $c: $made pairs in ${wall}s ($rate pairs/min); audit: $audited"
  # Written after every category, so an interrupted run still leaves what it measured.
  cp "$work/results.md" "$results"
  total_made=$((total_made + made))
  total_wall=$(python3 -c "print($total_wall + $end - $start)")
done
total_rate=$(python3 -c "w=$total_wall; print(f'{$total_made/w*60:.1f}' if w>0 else '0')")
echo "| **all** | $total_made | $(python3 -c "print(f'{$total_wall:.1f}')") | | $total_rate | | | |" >> "$work/results.md"
{
  echo
  echo "Rejections by reason are in each output's manifest.json (\`equibench stats DIR\` prints them)."
  echo "Per-feature shortcut lists: \`equibench shortcuts DIR\`; earlier seeds in bench/SHORTCUTS.md; CUDA harness costs in bench/CUDA_EXEC.md."
} >> "$work/results.md"
cp "$work/results.md" "$results"
echo "bench: wrote $results"

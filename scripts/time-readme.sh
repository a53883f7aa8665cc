#!/usr/bin/env bash
# Times the README's two commands as a new user runs them: each in a fresh clone of this checkout's
# HEAD, with `../shared` beside it, phase by phase (wall time, and the CPU time of every process
# the phase started), and writes a Markdown table with the ten slowest tests of the suite.
# Run it on an idle machine: it measures the machine as much as the code.
#
#   scripts/time-readme.sh [--only 1|2] [--root DIR] [--out FILE]
#
#   --only N   time only README command N (default: both, command 2 first)
#   --root DIR where the fresh clones go: DIR/cmd1, DIR/cmd2 (default /tmp/equibench-time-readme;
#              both are deleted first)
#   --out FILE the table (default bench/SUITE-timing.md of this checkout)
#
# Command 1: setup, release compile (`cargo build --release -p equibench-cli`), the default build,
# the audit (the README runs the last three through `cargo run --release`; compiling first splits
# the phases without changing the work). Command 2 (`scripts/test.sh`): setup, then formatting,
# lints and test compile (`scripts/test.sh --no-run`), then the suite (`scripts/test.sh`, which
# checks formatting again and finds everything compiled). Every phase runs even if one before it
# failed; a failure is marked in the table.
set -uo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
only=""
root=/tmp/equibench-time-readme
out="$here/bench/SUITE-timing.md"
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=${2:?"--only needs 1 or 2"}; shift 2 ;;
    --root) root=${2:?"--root needs a directory"}; shift 2 ;;
    --out) out=${2:?"--out needs a file"}; shift 2 ;;
    -h|--help) awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; exit 0 ;;
    *) echo "time-readme: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$only" in
  "" | 1 | 2) ;;
  *) echo "time-readme: --only takes 1 or 2, not $only" >&2; exit 2 ;;
esac
shared=$(cd "$here/../shared" 2>/dev/null && pwd) || {
  echo "time-readme: ../shared is not beside $here (the suite needs it)" >&2
  exit 2
}
cputime="$here/scripts/cputime.py"
head=$(git -C "$here" rev-parse --short HEAD)
mkdir -p "$root"
[ -e "$root/shared" ] || ln -s "$shared" "$root/shared"
logs="$root/logs"
rm -rf "$logs"
mkdir -p "$logs"

rows=()
# phase CMD NAME COMMAND... : run in the current directory, record wall and CPU.
phase() {
  local cmd=$1 name=$2
  shift 2
  local log="$logs/cmd$cmd.$name.log" times="$logs/cmd$cmd.$name.time"
  echo "time-readme: command $cmd, $name: $*" >&2
  python3 "$cputime" "$times" "$@" >"$log" 2>&1
  local rc=$?
  read -r wall user sys <"$times"
  local cpu
  cpu=$(python3 -c "print(f'{$user + $sys:.0f}')")
  local status="ok"
  [ $rc -eq 0 ] || status="FAILED (exit $rc, $log)"
  rows+=("| $cmd | $name | $(python3 -c "print(f'{$wall:.0f}')") | $cpu | $status |")
  echo "time-readme:   ${wall} s wall, ${cpu} s CPU, $status" >&2
  return $rc
}

fresh_clone() {
  local dir=$1
  rm -rf "$dir"
  git clone -q "$here" "$dir"
  git -C "$dir" checkout -q "$head"
}

total() {
  # Sum of the wall column of command $1's rows.
  printf '%s\n' "${rows[@]}" | awk -F'|' -v c="$1" '$2+0 == c { s += $4 } END { printf "%.0f", s }'
}

# sccache's server (scripts/rustc-wrapper.sh) outlives the cargo that starts it by its idle time,
# and cputime.py waits for every descendant: started here, outside the phases, it is nobody's. Its
# statistics (cache hits and misses of the third-party crates) go beside the logs.
cache_server() {
  local s="${EQUIBENCH_VENV:-$HOME/.cache/equibench/venv}/bin/sccache"
  [ -x "$s" ] || return 0
  export SCCACHE_DIR="${SCCACHE_DIR:-$HOME/.cache/equibench/sccache}"
  case "$1" in
    start)
      "$s" --stop-server >/dev/null 2>&1 || true
      SCCACHE_IDLE_TIMEOUT=0 "$s" --start-server >/dev/null 2>&1 || true
      ;;
    stop)
      "$s" --show-stats >"$logs/cmd$2.sccache.txt" 2>&1 || true
      "$s" --stop-server >/dev/null 2>&1 || true
      ;;
  esac
}

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
if [ "$only" != 1 ]; then
  fresh_clone "$root/cmd2"
  cd "$root/cmd2"
  phase 2 setup bash scripts/setup.sh
  cache_server start
  phase 2 "fmt, lint and test compile" bash scripts/test.sh --no-run
  phase 2 suite bash scripts/test.sh
  cache_server stop 2
fi
if [ "$only" != 2 ]; then
  fresh_clone "$root/cmd1"
  cd "$root/cmd1"
  phase 1 setup bash scripts/setup.sh
  cache_server start
  phase 1 "release compile" cargo build --release -p equibench-cli
  phase 1 build cargo run --release -p equibench-cli -- build
  phase 1 audit cargo run --release -p equibench-cli -- audit equibench-out
  cache_server stop 1
fi

{
  echo "## README commands on a fresh clone ($head, $started, $(nproc) cores, load before: $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "| command | phase | wall s | CPU s (user+sys) | status |"
  echo "|---|---|---:|---:|---|"
  printf '%s\n' "${rows[@]}"
  for c in 1 2; do
    if printf '%s\n' "${rows[@]}" | awk -F'|' -v c="$c" '$2+0 == c { f = 1 } END { exit !f }'; then
      echo "| $c | **all** | **$(total "$c")** | | |"
    fi
  done
  suite="$logs/cmd2.suite.log"
  if [ -f "$suite" ]; then
    echo
    echo "Ten slowest tests (nextest's own times, several at a time on $(nproc) cores):"
    echo
    echo "| s | test |"
    echo "|---:|---|"
    grep -E '^ *(PASS|FAIL) \[' "$suite" |
      sed -E 's/^ *(PASS|FAIL) \[ *([0-9.]+)s\] (\([^)]*\) )?(.*)$/\2 \4/' |
      sort -rn | head -10 | awk '{ t = $1; $1 = ""; printf "| %.0f | %s |\n", t, substr($0, 2) }'
    grep -E '^ *Summary \[' "$suite" | sed 's/^ */\n/'
  fi
} >"$out"
echo "time-readme: wrote $out (logs in $logs)" >&2
cat "$out"

#!/usr/bin/env bash
# Measure the x86-64 interpreter (instructions per CPU-second) and the stochastic search
# (proposals per second per core, over the corpus's targets), and write both outputs to
# bench/X86_SEARCH.md. Both examples time their own thread's CPU, so other load distorts little.
#
#   scripts/bench-x86-search.sh [TARGETS [PROPOSALS]]     (defaults: 40 targets, 200000 proposals)
set -euo pipefail
cd "$(dirname "$0")/.."
targets="${1:-40}"; proposals="${2:-200000}"
export LLVM_SYS_191_PREFIX="${LLVM_SYS_191_PREFIX:-/usr/lib/llvm-19}"
cargo build --release -q -p equibench-x86 --examples
interp=$(target/release/examples/interp_bench)
search=$(target/release/examples/search_bench "$targets" "$proposals")
mkdir -p bench
{
  echo "# x86-64 interpreter and search speed"
  echo
  echo "Measured $(date -u +%Y-%m-%d) by scripts/bench-x86-search.sh $targets $proposals on $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))."
  echo "STOKE reports about 1.2 million proposals per second per core."
  echo
  echo '## Interpreter (`examples/interp_bench.rs`)'
  echo
  echo '```'
  echo "$interp"
  echo '```'
  echo
  echo '## Search (`examples/search_bench.rs`): proposals per second of the pure MCMC walk per target, then'
  echo 'what a superoptimisation with the category budget verified and refuted'
  echo
  echo '```'
  echo "$search"
  echo '```'
} > bench/X86_SEARCH.md
tail -n 2 <<< "$search"
echo "bench: wrote bench/X86_SEARCH.md"

#!/usr/bin/env bash
# The README's test command after set-up: formatting, lints and the whole test suite, with the
# lints checked while the suite compiles, so the workspace is compiled once instead of twice.
#
#   scripts/test.sh [NEXTEST ARGS...]     (extra arguments go to `cargo nextest run`)
#   scripts/test.sh -p equibench-x86       one crate's tests, linted and compiled as the whole run
#                                          compiles them (plain `cargo nextest run` compiles the
#                                          workspace's crates again, without the lints)
#
# `cargo clippy --workspace --all-targets -- -D warnings` is rustc with clippy's lints added: on its
# own it compiles every workspace crate and target again (and every dependency, in check mode) only
# to discard the result before the suite compiles them for real (168 s of a 1437 s command on two
# cores, issue 38). Here clippy's driver compiles the workspace's own crates during the test build,
# as `cargo clippy` runs it (RUSTC_WORKSPACE_WRAPPER), with the lint levels `cargo clippy` would
# pass it for `-- -D warnings` (CLIPPY_ARGS): a warning fails the build and no test runs. The test
# build compiles every target `--all-targets` names (libraries as dependencies and as unit tests,
# binaries, examples, integration tests; the workspace has no benches), so nothing goes unlinted;
# dependencies are compiled by plain rustc in both ways. A clone without a debug build starts from
# the third-party artifacts the last run left in ~/.cache/equibench/target-seed (see below).
set -euo pipefail
case "${1:-}" in
  -h | --help)
    awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
    exit 0
    ;;
esac
cd "$(dirname "$0")/.."

cargo fmt --all --check

driver=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver || true)
if [ -z "$driver" ]; then
  echo "test.sh: clippy-driver is missing; install it with: rustup component add clippy" >&2
  exit 1
fi
export RUSTC_WORKSPACE_WRAPPER="$driver"
# `cargo clippy -- -D warnings` passes its arguments to the driver this way, separated so.
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
# The whole workspace unless packages are named; every test runs even after a failure, except with
# `--no-run` (compile only, as scripts/time-readme.sh times the phases), which takes no such flag.
whole=--workspace
keep_going=--no-fail-fast
for a in "$@"; do
  case "$a" in
    -p | --package | --package=*) whole="" ;;
    --no-run) keep_going="" ;;
  esac
done
# Incremental compilation keeps, for every workspace crate, the state a later edit could reuse: a
# fresh clone (CI, a new user) never reuses it, and writing it cost the test build 40 s of its 240 s
# of CPU and 23 s of wall time (issue 38). A developer iterating in one checkout gets it back with
# CARGO_INCREMENTAL=1, which wins over this setting (dependencies are never incremental: the
# setting leaves their compile cache's keys as they were, the variable does not).

# Third-party crates compiled by the last run on this machine (issue 38). Even from sccache's
# cache, a fresh clone paid for its 290 dependency units again: a process and a cache lookup per
# crate, build scripts (binaries, which sccache cannot keep) compiled and run again (tree-sitter's
# C library among them), proc macros compiled again: 90 of the test build's 209 unit-seconds.
# A clone without a debug build starts from a copy of the dependencies' artifacts the last run of
# the whole workspace left in `EQUIBENCH_TARGET_SEED` (default ~/.cache/equibench/target-seed),
# and after its build the seed is made to hold exactly its third-party units (a run of a few
# packages resolves features differently and leaves it alone). Nothing named after the
# workspace's crates or its test binaries is kept: the workspace's own code is always compiled
# from this checkout. Cargo checks every copied unit's fingerprint (compiler, profile, features,
# dependencies) as in a target directory it made itself, and compiles anything stale or missing;
# a build script's output naming the folder it ran in is moved by cargo to the new one.
# EQUIBENCH_TARGET_SEED=off compiles as plain cargo does.
target="${CARGO_TARGET_DIR:-target}/debug"
seed="${EQUIBENCH_TARGET_SEED:-$HOME/.cache/equibench/target-seed}"
if [ "$seed" != off ] && [ -d "$seed/.fingerprint" ] && [ ! -d "$target/.fingerprint" ]; then
  mkdir -p "$target"
  cp -a --reflink=auto "$seed/." "$target/" || echo "test.sh: could not copy $seed (compiling without it)" >&2
fi
# The seed made to hold exactly this build's third-party units (scripts/target-seed.py): cargo,
# asked again for the same build (every unit fresh: a few seconds), names each unit's files.
refresh_seed() {
  [ "$seed" != off ] && [ -n "$whole" ] && [ -d "$target/.fingerprint" ] || return 0
  mkdir -p "$seed" || return 0
  local units
  units=$(mktemp) || return 0
  # Only a build cargo finished names every unit (a failed one would leave the rest unnamed).
  cargo test --no-run --workspace --config profile.dev.incremental=false \
    --message-format json >"$units" 2>/dev/null &&
    python3 scripts/target-seed.py "$target" "$seed" <"$units" ||
    echo "test.sh: could not refresh $seed" >&2
  rm -f "$units"
}

status=0
# shellcheck disable=SC2086 # each is one word or nothing
cargo nextest run --config profile.dev.incremental=false $whole $keep_going "$@" || status=$?
refresh_seed
exit "$status"

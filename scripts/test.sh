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
# A clone without a debug build starts from a copy of the dependencies' artifacts the last run
# left in `EQUIBENCH_TARGET_SEED` (default ~/.cache/equibench/target-seed), and after the build
# adds what it compiled that the copy lacks. Only third-party units are kept (nothing named after
# the workspace's crates or its test binaries): the workspace's own code is always compiled from
# this checkout. Cargo checks every copied unit's fingerprint (compiler, profile, features,
# dependencies) as it would in a target directory it made itself, and compiles anything stale;
# a build script's output naming the folder it ran in is moved by cargo to the new one.
# EQUIBENCH_TARGET_SEED=off compiles as plain cargo does.
target="${CARGO_TARGET_DIR:-target}/debug"
seed="${EQUIBENCH_TARGET_SEED:-$HOME/.cache/equibench/target-seed}"
workspace_unit() {
  case "$1" in *equibench* | integration-* | integration.*) return 0 ;; esac
  return 1
}
if [ "$seed" != off ] && [ -d "$seed/.fingerprint" ] && [ ! -d "$target/.fingerprint" ]; then
  mkdir -p "$target"
  cp -a --reflink=auto "$seed/." "$target/" || echo "test.sh: could not copy $seed (compiling without it)" >&2
fi
# Adds to the seed what this build compiled that it lacks: each unit copied beside its final name
# and renamed into place, so a run copying the seed at the same time sees a unit whole or not at all.
refresh_seed() {
  [ "$seed" != off ] && [ -d "$target/.fingerprint" ] || return 0
  mkdir -p "$seed" || return 0
  local dir entry name
  for dir in .fingerprint build deps; do
    [ -d "$target/$dir" ] || continue
    mkdir -p "$seed/$dir" || return 0
    for entry in "$target/$dir"/*; do
      name=$(basename "$entry")
      workspace_unit "$name" && continue
      [ -e "$seed/$dir/$name" ] && continue
      cp -a "$entry" "$seed/$dir/.partial-$$-$name" && mv -T "$seed/$dir/.partial-$$-$name" "$seed/$dir/$name" 2>/dev/null
      rm -rf "$seed/$dir/.partial-$$-$name"
    done
  done
}

status=0
# shellcheck disable=SC2086 # each is one word or nothing
cargo nextest run --config profile.dev.incremental=false $whole $keep_going "$@" || status=$?
refresh_seed
exit "$status"

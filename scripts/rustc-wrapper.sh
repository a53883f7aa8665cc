#!/bin/sh
# Cargo's `build.rustc-wrapper` (.cargo/config.toml): compiles third-party crates through sccache's
# cache under ~/.cache/equibench/, as the Python virtualenv lives there, so a fresh clone compiles
# only this workspace's own code (issue 38). Cargo calls it as `rustc-wrapper.sh RUSTC ARGS...`.
#
# - The workspace's crates are compiled as they would be without this script: a crate whose
#   manifest lies inside this checkout goes straight to RUSTC (which may be clippy's driver, see
#   scripts/test.sh), so every lint runs and nothing of the project's own code is reused from a
#   cache.
# - Crates from a registry go through sccache, whose key is the compiler, its arguments and the
#   digests of every source file and dependency read: a different version, feature set, profile
#   setting or toolchain is a different key, never a stale hit.
# - Without sccache (setup not run, or EQUIBENCH_SCCACHE=off) every crate is compiled as usual.
#
#   EQUIBENCH_VENV     the virtualenv scripts/setup.sh installs sccache into (default:
#                      ~/.cache/equibench/venv)
#   EQUIBENCH_SCCACHE  `off` compiles everything without the cache
#   SCCACHE_DIR        where the cache lives (default: ~/.cache/equibench/sccache)
#   SCCACHE_IDLE_TIMEOUT  seconds sccache's server waits for the next compile (default here: 30)
checkout=$(cd "$(dirname "$0")/.." && pwd -P)
# Both paths resolved (a checkout reached through a symbolic link is still this checkout).
manifest=$(cd "${CARGO_MANIFEST_DIR:-/}" 2>/dev/null && pwd -P)
case "$manifest" in
  "$checkout" | "$checkout"/*) exec "$@" ;;
esac
sccache="${EQUIBENCH_VENV:-$HOME/.cache/equibench/venv}/bin/sccache"
if [ "${EQUIBENCH_SCCACHE:-on}" = off ] || [ ! -x "$sccache" ]; then
  exec "$@"
fi
export SCCACHE_DIR="${SCCACHE_DIR:-$HOME/.cache/equibench/sccache}"
# The server sccache starts in the background ends this long after the last compile (its own
# default is ten minutes), so nothing of a finished build stays behind for long.
export SCCACHE_IDLE_TIMEOUT="${SCCACHE_IDLE_TIMEOUT:-30}"
exec "$sccache" "$@"

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
#   EQUIBENCH_OUT_DIRS the digest-named copies of build scripts' generated sources (default:
#                      ~/.cache/equibench/out-dirs)
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

# A crate that `include!`s source its build script wrote (serde, thiserror, ref-cast, snap) reads it
# from OUT_DIR, inside this clone's target directory: the path lands in the crate's dep-info and
# compiled metadata, so its key, and the key of every crate built on it, would change with the
# clone's path and miss the cache on every fresh clone. Such a crate reads instead a copy of its
# OUT_DIR kept under the cache, named by the digest of its contents: the same sources give the
# same path in every clone, different sources a different one. Only an OUT_DIR of Rust sources
# alone is copied, and only when no argument names it (a build script's own probe compiles, a
# native library's search path stay as cargo gave them).
stable_out_dir() {
  [ -n "${OUT_DIR:-}" ] && [ -d "$OUT_DIR" ] || return 1
  for arg in "$@"; do
    case "$arg" in *"$OUT_DIR"*) return 1 ;; esac
  done
  [ -n "$(find "$OUT_DIR" -type f -name '*.rs' -print -quit)" ] || return 1
  [ -z "$(find "$OUT_DIR" ! -type d \( ! -type f -o ! -name '*.rs' \) -print -quit)" ] || return 1
  digest=$(cd "$OUT_DIR" && find . -type f -exec sha256sum {} + | LC_ALL=C sort -k2 | sha256sum | cut -c1-32)
  copies="${EQUIBENCH_OUT_DIRS:-$HOME/.cache/equibench/out-dirs}"
  copy="$copies/${CARGO_PKG_NAME:-crate}-${CARGO_PKG_VERSION:-0}-$digest"
  if [ ! -d "$copy" ]; then
    mkdir -p "$copies" || return 1
    # Built beside and renamed into place, so a concurrent build sees all of it or none.
    partial=$(mktemp -d "$copies/.partial.XXXXXX") || return 1
    cp -pR "$OUT_DIR"/. "$partial"/ && mv -T "$partial" "$copy" 2>/dev/null
    rm -rf "$partial"
    [ -d "$copy" ] || return 1
  fi
  printf '%s\n' "$copy"
}
if copy=$(stable_out_dir "$@"); then
  export OUT_DIR="$copy"
fi
# The server sccache starts in the background ends this long after the last compile (its own
# default is ten minutes), so nothing of a finished build stays behind for long.
export SCCACHE_IDLE_TIMEOUT="${SCCACHE_IDLE_TIMEOUT:-30}"
exec "$sccache" "$@"

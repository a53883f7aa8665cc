//! What the WebAssembly category runs besides its own code, declared here so that the core,
//! `doctor`, the build's up-front check and the datasheet learn it from this crate: clang 19 with
//! its wasm32 target (the compiler), lld 19's `wasm-ld` (links the objects so every function is
//! exported by name) and the project virtualenv's Python with the `wasmtime` package (the
//! reference engine, driven by `tools/wasm_run.py`), and binaryen's `wasm-opt` (the second
//! optimiser). CLANG and SANDBOX_PYTHON are the shared declarations of `equibench-toolchain`; the
//! registry refuses two different declarations of one tool.

use equibench_core::{Install, Location, ToolSpec, VenvPackage, VersionRule};

/// clang 19 compiles the C corpus with `--target=wasm32` (its WebAssembly backend is built in); a
/// system Python 3 that the sandbox uid can run runs `tools/wasm_run.py` over a copy of the
/// virtualenv's `wasmtime` package. Declared once for every category that runs them.
pub use equibench_toolchain::{CLANG, SANDBOX_PYTHON};

/// wasm-ld (lld 19): links one object into a module exporting every function by its C name.
pub static WASM_LD: ToolSpec = ToolSpec {
    name: "wasm-ld",
    role: None,
    env_override: "EQUIBENCH_WASM_LD",
    candidates: &[
        Location::Path("wasm-ld-19"),
        Location::Path("/usr/lib/llvm-19/bin/wasm-ld"),
    ],
    version_arg: "--version",
    version: VersionRule::After("LLD"),
    install: Install::Debian("lld-19"),
};

/// wasmtime's Python bindings: the reference engine every witness and the semantics are checked in.
pub static WASMTIME: VenvPackage = VenvPackage {
    name: "wasmtime",
    pip: "wasmtime==50.0.1",
};

/// binaryen's `wasm-opt`: a second optimiser, run over clang's modules and over the wasm-smith
/// functions to give more equivalent candidates (labelled only by the proof, never by the tool).
pub static WASM_OPT: ToolSpec = ToolSpec {
    name: "wasm-opt",
    role: None,
    env_override: "EQUIBENCH_WASM_OPT",
    candidates: &[Location::Path("wasm-opt")],
    version_arg: "--version",
    version: VersionRule::Custom {
        reader: "integer after \"wasm-opt version\"",
        read: integer_after_version,
    },
    install: Install::Debian("binaryen"),
};

/// binaryen numbers its releases with one integer (`wasm-opt version 108`), which the core's
/// dotted-number rules cannot read; later releases append a build note in parentheses.
pub fn integer_after_version(text: &str) -> Option<String> {
    let rest = text
        .lines()
        .find_map(|l| l.split("wasm-opt version").nth(1))?;
    let word = rest.split_whitespace().next()?;
    word.chars()
        .all(|c| c.is_ascii_digit())
        .then(|| word.to_string())
}

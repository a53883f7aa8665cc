//! What the WebAssembly category runs besides its own code, declared here so that the core,
//! `doctor`, the build's up-front check and the datasheet learn it from this crate: clang 19 with
//! its wasm32 target (the compiler), lld 19's `wasm-ld` (links the objects so every function is
//! exported by name) and the project virtualenv's Python with the `wasmtime` package (the
//! reference engine, driven by `tools/wasm_run.py`). CLANG is the x86-64 category's own
//! declaration; the registry refuses two different declarations of one tool.
//!
//! binaryen's `wasm-opt` (the second optimiser the issue asks for) is not declared yet: it prints
//! `wasm-opt version 108`, and the core's version rules read only dotted numbers.

use equibench_core::{Install, Location, ToolSpec, VenvPackage, VersionRule};

/// clang 19: compiles the C corpus with `--target=wasm32` (its WebAssembly backend is built in).
/// The x86-64 category's declaration, reused (this crate already uses x86's solver driver), so the
/// two can never drift apart.
pub use equibench_x86::tools::CLANG;

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

/// A system-wide Python 3, outside any home directory, so that the sandbox uid can run it: runs
/// `tools/wasm_run.py` over a copy of the virtualenv's `wasmtime` package. Declared exactly as the
/// OJ categories declare it.
pub static SANDBOX_PYTHON: ToolSpec = ToolSpec {
    name: "python",
    role: Some("system, runs submissions in the sandbox"),
    env_override: "EQUIBENCH_SANDBOX_PYTHON",
    candidates: &[Location::Path("/usr/bin/python3")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Debian("python3"),
};

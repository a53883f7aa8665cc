//! The external tools two or more categories run, each declared once. A category lists the ones it
//! needs in its `required_tools` and re-exports them from its own `tools` module beside the tools
//! only it runs.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// clang 19, the version inkwell's LLVM is: DCE's IR comes from it, CUDA parses kernels with it,
/// x86-64 compiles its corpus with it, WebAssembly compiles the same corpus to wasm32.
pub static CLANG: ToolSpec = ToolSpec {
    name: "clang",
    role: None,
    env_override: "EQUIBENCH_CLANG",
    candidates: &[
        Location::Path("clang-19"),
        Location::Path("/usr/lib/llvm-19/bin/clang"),
    ],
    version_arg: "--version",
    version: VersionRule::After("clang version"),
    install: Install::Debian("clang-19"),
};

/// gcc: DCE's second compiler, and x86-64's second corpus compiler and native harness.
pub static GCC: ToolSpec = ToolSpec {
    name: "gcc",
    role: None,
    env_override: "EQUIBENCH_GCC",
    candidates: &[Location::Path("gcc")],
    version_arg: "--version",
    version: VersionRule::LastWord,
    install: Install::Debian("gcc"),
};

/// z3, the first SMT solver ([`crate::solver`]).
pub static Z3: ToolSpec = ToolSpec {
    name: "z3",
    role: None,
    env_override: "EQUIBENCH_Z3",
    candidates: &[Location::Path("z3")],
    version_arg: "--version",
    version: VersionRule::After("version"),
    install: Install::Debian("z3"),
};

/// cvc5, the second opinion on every proof ([`crate::solver`]).
pub static CVC5: ToolSpec = ToolSpec {
    name: "cvc5",
    role: None,
    env_override: "EQUIBENCH_CVC5",
    candidates: &[Location::Path("cvc5")],
    version_arg: "--version",
    version: VersionRule::After("version"),
    install: Install::Debian("cvc5"),
};

/// A system-wide Python 3, outside any home directory, so that the sandbox's unprivileged uid can
/// run it: OJ runs every submission with it, WebAssembly its wasmtime runner (the project
/// virtualenv's Python, the core's `VENV_PYTHON`, is under a home directory that uid cannot enter).
pub static SANDBOX_PYTHON: ToolSpec = ToolSpec {
    name: "python",
    role: Some("system, runs submissions in the sandbox"),
    env_override: "EQUIBENCH_SANDBOX_PYTHON",
    candidates: &[Location::Path("/usr/bin/python3")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Debian("python3"),
};

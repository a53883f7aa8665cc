//! The external tools the x86-64 category runs, declared here so that the core, `doctor`, the
//! build's up-front check and the datasheet learn them from this crate: the two compilers of its
//! corpus and the two SMT solvers. CLANG and GCC are the declarations of `equibench-compilers`,
//! shared with the other categories that run them.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// Declared once for every category that runs them.
pub use equibench_compilers::{CLANG, GCC};

/// z3, the first SMT solver.
pub static Z3: ToolSpec = ToolSpec {
    name: "z3",
    role: None,
    env_override: "EQUIBENCH_Z3",
    candidates: &[Location::Path("z3")],
    version_arg: "--version",
    version: VersionRule::After("version"),
    install: Install::Debian("z3"),
};

/// cvc5, the second opinion on every proof.
pub static CVC5: ToolSpec = ToolSpec {
    name: "cvc5",
    role: None,
    env_override: "EQUIBENCH_CVC5",
    candidates: &[Location::Path("cvc5")],
    version_arg: "--version",
    version: VersionRule::After("version"),
    install: Install::Debian("cvc5"),
};

//! The external tools the x86-64 category runs, declared here so that the core, `doctor`, the
//! build's up-front check and the datasheet learn them from this crate: the two compilers of its
//! corpus and the two SMT solvers. CLANG and GCC are declared alike by the other categories that
//! run them; the registry refuses two different declarations of one tool.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// clang 19: compiles the corpus (and is one of the two compilers of every target).
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

/// GCC: compiles the corpus and the native runner.
pub static GCC: ToolSpec = ToolSpec {
    name: "gcc",
    role: None,
    env_override: "EQUIBENCH_GCC",
    candidates: &[Location::Path("gcc")],
    version_arg: "--version",
    version: VersionRule::LastWord,
    install: Install::Debian("gcc"),
};

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

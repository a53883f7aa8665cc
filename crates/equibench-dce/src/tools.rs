//! The external tools DCE runs, declared here so that the core, `doctor`, the build's up-front
//! check and the datasheet learn them from this crate. CLANG and GCC are declared alike by the
//! other categories that run them; the registry refuses two different declarations of one tool.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// CSmith, the random C program generator.
pub static CSMITH: ToolSpec = ToolSpec {
    name: "csmith",
    role: None,
    env_override: "EQUIBENCH_CSMITH",
    candidates: &[Location::Path("csmith")],
    version_arg: "--version",
    version: VersionRule::After(""),
    install: Install::Debian("csmith libcsmith-dev"),
};

/// clang 19, the version inkwell's LLVM is: the IR it emits is what the LLVM passes classify.
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

/// GCC, the second compiler whose `-Wall -Wextra` screens programs.
pub static GCC: ToolSpec = ToolSpec {
    name: "gcc",
    role: None,
    env_override: "EQUIBENCH_GCC",
    candidates: &[Location::Path("gcc")],
    version_arg: "--version",
    version: VersionRule::LastWord,
    install: Install::Debian("gcc"),
};

//! equibench-compilers: the C compilers that several categories run (DCE, CUDA, x86-64), declared
//! once and re-exported by each of them, so that the declarations cannot drift apart (the
//! registry would refuse two different declarations of one tool). The core names no tool, so
//! they live here rather than there.

#![forbid(unsafe_code)]

pub mod cache;
pub mod link;

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// clang 19, the version inkwell's LLVM is: DCE's IR comes from it, CUDA parses kernels with it,
/// x86-64 compiles its corpus with it.
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

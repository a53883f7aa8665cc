//! The external tools DCE runs, declared here so that the core, `doctor`, the build's up-front
//! check and the datasheet learn them from this crate. CLANG and GCC are the declarations of
//! `equibench-toolchain`, shared with the other categories that run them.

use equibench_core::{Install, Location, ToolSpec, VersionRule};

/// Declared once for every category that runs them.
pub use equibench_toolchain::{CLANG, GCC};

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

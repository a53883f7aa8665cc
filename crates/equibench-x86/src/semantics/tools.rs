//! The external tools the x86-64 category runs, as the core, `doctor`, the build's up-front check
//! and the datasheet learn them from this crate: the two compilers of its corpus and the two SMT
//! solvers. All four are declared once in `equibench-toolchain`, shared with the other categories
//! that run them.

/// Declared once for every category that runs them.
pub use equibench_toolchain::{CLANG, CVC5, GCC, Z3};

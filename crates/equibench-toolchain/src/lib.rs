//! equibench-toolchain: what several categories run and would otherwise each hold a copy of. The
//! external tools two categories share are declared once here ([`tools`]), so that the
//! declarations cannot drift apart (the registry would refuse two different declarations of one
//! tool); [`solver`] drives the SMT solvers (x86-64 and WebAssembly prove with it); [`link`] and
//! [`cache`] run and keep what clang builds. The core names no tool, so they live here rather than
//! there, and a category uses them from here rather than from another category.

#![forbid(unsafe_code)]

pub mod cache;
pub mod link;
pub mod solver;
pub mod tools;

pub use solver::SolverError;
pub use tools::{CLANG, CVC5, GCC, SANDBOX_PYTHON, Z3};

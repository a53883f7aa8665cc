//! The library's own unit tests, one module per module of `src/` they check (`lib` for the crate
//! root). They were `#[cfg(test)]` modules inside the library, which made cargo compile the whole
//! crate a second time as their test harness (3.7 unit-seconds of the test build, issue 38); here
//! they link against the one library build every other test uses. What they reach is the crate's
//! public interface, plus the few items named `pub` for them.

mod csmith;
mod evidence;
mod lib;
mod llvm;
mod markers;
mod memo;
mod prescreen;
mod rationale;
mod runtime;
mod shape;
mod toolchain;

//! The library's own unit tests, one module per module of `src/` they check (`shortcuts` holds
//! those of its two submodules too). They were `#[cfg(test)]` modules inside the library, which
//! made cargo compile the whole crate a second time as their test harness (8.8 of the test build's
//! unit-seconds, issue 38); here they link against the one library build every other test uses.
//! What they reach is the crate's public interface, plus the few items named `pub` for them. The
//! test descriptors (`descriptor::PLAIN`, `REGS`, `STATED`) and `pair::sample` are shared by all.

mod block;
mod build;
mod category;
mod datasheet;
mod descriptor;
mod disagreement;
mod evidence;
mod output;
mod pair;
mod prompts;
mod seed;
mod shortcuts;
mod stats;
mod tools;
mod validate;

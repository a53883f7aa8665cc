//! The x86-64 subset's meaning and the equivalence verifier, with no knowledge of the search or
//! the category: parse and print programs ([`parse`], [`codec`]), the frame rules ([`frame`]),
//! one semantic model used three ways ([`interp`], [`smt`] driven by
//! [`equibench_toolchain::solver`], [`native`]), cross-checked by [`crossval`], and [`verify`] on
//! top. Kept apart so that the verifier can be used alone (`x86-verify`) and so that nothing here
//! can come to depend on how pairs are chosen. The crate root re-exports every module under its
//! old path.

pub mod codec;
pub mod crossval;
pub mod flags;
pub mod forms;
pub mod frame;
pub mod insn;
pub mod interp;
pub mod locs;
pub mod native;
pub mod opcode;
pub mod parse;
pub mod reg;
pub mod smt;
pub mod specialise;
pub mod tools;
pub mod verify;

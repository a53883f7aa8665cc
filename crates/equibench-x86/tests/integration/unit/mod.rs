//! The library's own unit tests, one module per module of `src/` they check. They were
//! `#[cfg(test)]` modules inside the library, which made cargo compile the whole crate a second
//! time, optimised, as their test harness (37 of the test build's 220 unit-seconds, issue 38);
//! here they link against the one library build every other test uses. What they reach is the
//! crate's public interface, plus the few helpers named `pub` for them.

mod codec;
mod corpus;
mod evidence;
mod flags;
mod frame;
mod insn;
mod interp;
mod libsample;
mod locs;
mod parse;
mod reg;
mod select;
mod source;
mod specialise;
mod subtlety;

//! The integration tests of the WASM category, as one test binary: one link instead of one per file
//! (each file was its own binary before). nextest still runs every test in a process of its own. A
//! new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

// Helpers shared by the test modules.
mod common;

mod category;
mod corpus;
mod crossval;
mod equiv;
mod smith;
mod smt;
mod subtle_build;
mod subtlety;
mod unit;

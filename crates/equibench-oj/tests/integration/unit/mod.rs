//! The library's own unit tests, one module per module of `src/` they check. They were
//! `#[cfg(test)]` modules inside the library, which made cargo compile the whole crate a second
//! time as their test harness (6.3 unit-seconds of the test build, issue 38); here they link
//! against the one library build every other test uses. What they reach is the crate's public
//! interface, plus the few items named `pub` for them.

mod audit;
mod candidates;
mod codenet;
mod compare;
mod csv;
mod inputs;
mod judge;
mod make;
mod packed;
mod rationale;
mod runner;
mod surface;

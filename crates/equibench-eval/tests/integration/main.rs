//! The integration tests of equibench-eval, as one test binary: one link instead of one per file.
//! nextest still runs every test in a process of its own. A new test file goes beside this one and
//! gets a `mod` line below.

#![forbid(unsafe_code)]

mod unit;

//! The integration tests of the DCE category, as one test binary: one link instead of one per file
//! (each file was its own binary before). nextest still runs every test in a process of its own. A
//! new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

// Helpers shared by the test modules.
mod common;

mod condition_edits;
mod end_to_end;
mod known_answers;
mod split_builds;
mod subtle_build;
mod switchboard_runs;
mod switched_build;
mod unchanged_execution;
mod unit;

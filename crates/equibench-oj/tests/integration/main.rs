//! The integration tests of the OJ categories, as one test binary: one link instead of one per file
//! (each file was its own binary before). nextest still runs every test in a process of its own. A
//! new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

// Helpers shared by the test modules.
mod common;

mod batch;
mod evidence;
mod hash_order;
mod pairs;
mod reader;
mod rename;
mod runner;
mod runner_load;
mod subtle_build;
mod unit;

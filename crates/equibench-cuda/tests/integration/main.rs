//! The integration tests of the CUDA category, as one test binary: one link instead of one per file
//! (each file was its own binary before). nextest still runs every test in a process of its own. A
//! new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

mod cpu_exec;
mod pairs;
mod subtle_build;
mod unit;
mod worker_recovery;
mod worker_source;

//! The integration tests of the x86-64 category, as one test binary: one link instead of one per
//! file (each file was its own binary before). nextest still runs every test in a process of its
//! own. A new test file goes beside this one and gets a `mod` line below.

#![forbid(unsafe_code)]

mod audit;
mod codec;
mod crossval;
mod displacements;
mod known_answers;
mod progress;
mod query_digest;
mod retry_limits;
mod search;
mod selection;
mod solvers;
mod subtle_build;
mod subtlety;
mod unit;
mod variable_shifts;

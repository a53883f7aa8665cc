//! The integration tests of equibench-export, as one test binary (a new test file goes beside this
//! one and gets a `mod` line below).

#![forbid(unsafe_code)]

mod answer_port;
mod unit;
